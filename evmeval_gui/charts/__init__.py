"""Score charts (pyqtgraph): grouped score bars, per-type bars, confusion heatmaps, document scatter.

Each chart owns its pyqtgraph items and has a typed `set_data(...)`; `ChartsPanel` puts them together,
follows the window's document and attribute combination, and turns clicks into filter requests.
"""
