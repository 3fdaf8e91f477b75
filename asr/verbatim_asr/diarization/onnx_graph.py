"""A small writer of ONNX graphs with `onnx.helper`, used at install time to turn the diarization networks'
numpy weights into graphs that onnxruntime runs (see campplus_onnx.py, segmentation_onnx.py). The `onnx`
package is needed only here, never when the engine runs."""

from __future__ import annotations

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 17  # every op used here exists in this form since opset 17, which onnxruntime >= 1.13 runs


class Graph:
    """Nodes are added in order; every call returns the name of its output."""

    def __init__(self) -> None:
        self.nodes: list = []
        self.initializers: list = []
        self.inputs: list = []
        self.outputs: list = []
        self._count = 0

    def _name(self, hint: str) -> str:
        self._count += 1
        return f"{hint}_{self._count}"

    def input(self, name: str, shape: list) -> str:
        self.inputs.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, shape))
        return name

    def output(self, name: str, value: str, shape: list) -> None:
        self.nodes.append(helper.make_node("Identity", [value], [name]))
        self.outputs.append(helper.make_tensor_value_info(name, TensorProto.FLOAT, shape))

    def const(self, array, hint: str = "const") -> str:
        name = self._name(hint)
        array = np.asarray(array)
        if array.dtype == np.float64:
            array = array.astype(np.float32)
        self.initializers.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def op(self, op_type: str, *inputs: str, **attrs) -> str:
        name = self._name(op_type.lower())
        self.nodes.append(helper.make_node(op_type, list(inputs), [name], **attrs))
        return name

    def save(self, path, doc: str) -> None:
        """Check the graph and write it (to a temporary name first, so a reader never sees half a file)."""
        graph = helper.make_graph(self.nodes, "verbatim", self.inputs, self.outputs, self.initializers)
        model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)], producer_name="verbatim-asr", doc_string=doc)
        model.ir_version = 8  # readable by every onnxruntime since 1.10
        onnx.checker.check_model(model, full_check=True)
        part = path.with_name(path.name + ".part")
        part.write_bytes(model.SerializeToString(deterministic=True))
        part.replace(path)
