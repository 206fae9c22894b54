"""Hold'em checkers, one module per article of the despacho of 18 January 2008 (``artNN_<title>.py``)."""
