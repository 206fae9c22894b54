"""The baccarat simulator (Despacho n.º 55/2004): ``run.simulate``."""
