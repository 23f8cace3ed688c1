import json, random, time, sys, json as J
import numpy as np
sys.path.insert(0, "old")
import old_encoder
from graphmind.semantic import model as M
from graphmind.semantic.encoder import Encoder
from graphmind.semantic.weights import load_weights
m = M.Model()
folder = M.model_dir()
cfg = J.loads((folder / "config.json").read_text())
old = old_encoder.Encoder(load_weights(folder / "model.safetensors"), cfg)
new = m.encoder
d = json.load(open("texts.json")); random.Random(19).shuffle(d)
n = int(sys.argv[1]) if len(sys.argv) > 1 else 384
texts = [o["text"] for o in d[:n]]
def run(enc):
    m.encoder = enc
    t = time.process_time(); v = m.encode(texts, threads=1); return time.process_time() - t, v
res = {"old": [], "new": []}
vs = {}
for r in range(3):
    for name, enc in (("old", old), ("new", new)):
        c, v = run(enc); res[name].append(c); vs[name] = v
import statistics as st
o, nn = st.median(res["old"]) / n * 1000, st.median(res["new"]) / n * 1000
print(f"old {o:.1f} ms/def  new {nn:.1f} ms/def  ratio {nn/o:.3f}  maxdiff {np.abs(vs['old']-vs['new']).max():.2e}  mincos {(vs['old']*vs['new']).sum(1).min():.7f}")
import os; print("load", os.getloadavg())
