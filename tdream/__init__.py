"""tdream: Tower Dream (ASCII, 1996, Super Famicom), faithfully reimplemented."""
__version__ = "0.1.0"
