// State patches (the server's patches.py): after the first state of a
// connection, each later one comes as the operations that turn the state
// this page holds into the new one. An operation is [op, path, value], path
// a list of object keys: "=" sets, "+" appends items to a list, "-" deletes.
// The state held is never changed: the objects along each path are copied.

export function applyPatch(state, ops) {
  const out = { ...state };
  for (const [op, path, value] of ops) {
    let node = out;
    for (const key of path.slice(0, -1)) {
      node[key] = Array.isArray(node[key]) ? node[key].slice() : { ...node[key] };
      node = node[key];
    }
    const last = path[path.length - 1];
    if (op === "=") node[last] = value;
    else if (op === "+") node[last] = node[last].concat(value);
    else if (op === "-") delete node[last];
    else throw new Error(`unknown patch operation ${op}`);
  }
  return out;
}
