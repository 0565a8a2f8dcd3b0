"""EvmEval Studio's headless scoring core: parse, align, score, report. Never imports Qt."""

__version__ = "0.1.0"
