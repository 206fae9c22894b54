"""Five-card stud checkers, one module per article of the Regulamento of Portaria n.º 104/85/M
(``artNN_<title>.py``)."""
