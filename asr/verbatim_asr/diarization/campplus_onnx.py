"""3D-Speaker CAM++ (`campplus_cn_en_common`) as an ONNX graph, written from the checkpoint's weights, for
a batch of embeddings in one onnxruntime call. The layers follow 3D-Speaker's speakerlab/models/campplus in
eval mode (batch norms use their running statistics).

A batch holds pieces of one length (embedding.py groups them), so nothing is padded and no layer needs a
mask: masking padded frames before each of the front's ten 2D convolutions cost ~10 % more time, and
batches of one cost no more per piece than batches of four. The averages over time (the CAM layers' context
and the statistics pooling) come in as small matrices for that length (`embedding.time_inputs`)."""

from __future__ import annotations

import numpy as np

from .onnx_graph import Graph

# (block, layers, dilation) of the three densely connected TDNN blocks; growth 32 channels per layer.
BLOCKS = ((1, 12, 1), (2, 24, 2), (3, 16, 2))


def build(w: dict[str, np.ndarray], path) -> None:
    g = Graph()
    feats = g.input("feats", ["batch", 80, "frames"])  # fbank, (B, 80, T)
    mean2 = g.input("mean2", ["frames2", 1])  # 1 / T2 per frame after the TDNN's stride of 2: x @ mean2 = mean
    var2 = g.input("var2", ["frames2", 1])  # 1 / (T2 - 1): the unbiased variance
    seg_pool = g.input("seg_pool", ["frames2", "segments"])  # mean over each 100-frame segment
    seg_expand = g.input("seg_expand", ["segments", "frames2"])  # ... repeated over its frames

    def bn(x, name, affine=True):
        c = len(w[f"{name}.running_mean"])
        scale = w[f"{name}.weight"] if affine else np.ones(c, np.float32)
        bias = w[f"{name}.bias"] if affine else np.zeros(c, np.float32)
        return g.op(
            "BatchNormalization", x, g.const(scale), g.const(bias), g.const(w[f"{name}.running_mean"]),
            g.const(w[f"{name}.running_var"]), epsilon=1e-5,
        )

    def conv(x, weight, stride=1, pad=0, dilation=1, bias=None):
        k = weight.shape[2:]
        strides = [stride, 1] if len(k) == 2 else [stride]  # 2D convolutions stride over frequency only
        pads = [pad] * (2 * len(k))
        args = [x, g.const(weight)] + ([g.const(bias)] if bias is not None else [])
        return g.op("Conv", *args, kernel_shape=list(k), strides=strides, pads=pads, dilations=[dilation] * len(k))

    def relu(x):
        return g.op("Relu", x)

    def res_block(x, name, stride):
        out = relu(bn(conv(x, w[f"{name}.conv1.weight"], stride, 1), f"{name}.bn1"))
        out = bn(conv(out, w[f"{name}.conv2.weight"], 1, 1), f"{name}.bn2")
        if f"{name}.shortcut.0.weight" in w:
            x = bn(conv(x, w[f"{name}.shortcut.0.weight"], stride), f"{name}.shortcut.1")
        return relu(g.op("Add", out, x))

    # Front: a 2D ResNet over (frequency, time).
    x = g.op("Unsqueeze", feats, g.const(np.array([1], np.int64)))
    x = relu(bn(conv(x, w["head.conv1.weight"], 1, 1), "head.bn1"))
    for name, stride in (("head.layer1.0", 2), ("head.layer1.1", 1), ("head.layer2.0", 2), ("head.layer2.1", 1)):
        x = res_block(x, name, stride)
    x = relu(bn(conv(x, w["head.conv2.weight"], 2, 1), "head.bn2"))
    x = g.op("Reshape", x, g.const(np.array([0, 320, -1], np.int64)))  # (B, 32 channels x 10 bands, T)

    # TDNN, then the densely connected CAM blocks.
    x = relu(bn(conv(x, w["xvector.tdnn.linear.weight"], 2, 2), "xvector.tdnn.nonlinear.batchnorm"))
    for block, layers, dilation in BLOCKS:
        for i in range(1, layers + 1):
            p = f"xvector.block{block}.tdnnd{i}"
            y = relu(bn(x, f"{p}.nonlinear1.batchnorm"))
            y = relu(bn(conv(y, w[f"{p}.linear1.weight"]), f"{p}.nonlinear2.batchnorm"))
            local = conv(y, w[f"{p}.cam_layer.linear_local.weight"], 1, dilation, dilation)
            # Context: the mean over the whole piece plus the mean over its 100-frame segment.
            context = g.op("Add", g.op("MatMul", y, mean2), g.op("MatMul", g.op("MatMul", y, seg_pool), seg_expand))
            gate = relu(conv(context, w[f"{p}.cam_layer.linear1.weight"], bias=w[f"{p}.cam_layer.linear1.bias"]))
            gate = conv(gate, w[f"{p}.cam_layer.linear2.weight"], bias=w[f"{p}.cam_layer.linear2.bias"])
            x = g.op("Concat", x, g.op("Mul", local, g.op("Sigmoid", gate)), axis=1)
        t = f"xvector.transit{block}"
        x = conv(relu(bn(x, f"{t}.nonlinear.batchnorm")), w[f"{t}.linear.weight"])
    x = relu(bn(x, "xvector.out_nonlinear.batchnorm"))

    # Statistics pooling: mean and unbiased standard deviation over time.
    mean = g.op("MatMul", x, mean2)  # (B, 512, 1)
    dev = g.op("Sub", x, mean)
    std = g.op("Sqrt", g.op("MatMul", g.op("Mul", dev, dev), var2))
    stats = g.op("Concat", mean, std, axis=1)
    emb = bn(conv(stats, w["xvector.dense.linear.weight"]), "xvector.dense.nonlinear.batchnorm", affine=False)
    g.output("embedding", g.op("Reshape", emb, g.const(np.array([0, 192], np.int64))), ["batch", 192])
    g.save(path, "3D-Speaker CAM++ campplus_cn_en_common (Apache-2.0), built by verbatim-asr from the checkpoint")
