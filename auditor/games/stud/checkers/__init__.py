"""Five-card stud checkers, one module per article (or lettered part of one) of the Regulamento, Portaria n.º 104/85/M
(``artNN[x]_<title>.py``)."""
