"""The Texas Hold'em simulator (despacho of 18 January 2008): ``run.simulate_holdem``."""
