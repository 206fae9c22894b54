"""Baccarat checkers, one module per article of Despacho n.º 55/2004 (``artNN_<title>.py``)."""
