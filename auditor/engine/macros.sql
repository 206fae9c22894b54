-- Macros shared by the checkers of every game.

-- A money amount as people write it: exact, without trailing zeros ("110", "5.5", "0").
CREATE OR REPLACE MACRO fmt_money(x) AS
  CASE WHEN x IS NULL THEN NULL
       WHEN contains(CAST(x AS VARCHAR), '.') THEN rtrim(rtrim(CAST(x AS VARCHAR), '0'), '.')
       ELSE CAST(x AS VARCHAR) END;
