// Driver (our own code) for turtleflyer/pai-gow-tiles's house way, run from the user's checkout:
//   node bench/peers/turtleflyer.mjs <checkout of turtleflyer/pai-gow-tiles> <hands.json> [repetitions]
// hands.json: [[n, n, n, n], ...], each n the tile's index for its getTile(n) (0 Gee Joon, 1 Teen,
// ... 15 Chop Ng). Each hand is decided by paiGow.houseWay(tiles) (paigow/paigow.js). Prints JSON:
// ms_per_way (median of the repetitions, all hands once), hands, and each hand's setting
// [[low hand's tiles], [high hand's tiles]] as getTile indices.
import { createRequire } from "node:module";
import { join } from "node:path";
import { readArgs, timeAll, report } from "./timing.mjs";

const { dir, hands, reps } = readArgs();
const require = createRequire(import.meta.url);
const { paiGow } = require(join(dir, "paigow", "paigow.js"));
const index = new Map();
for (let n = 0; n < 16; n++) index.set(paiGow.getTile(n), n);
const tiles = hands.map((h) => h.map((n) => paiGow.getTile(n)));
const result = timeAll(tiles, (hand) => paiGow.houseWay(hand), reps);
const ids = (h) => [index.get(h.highTile), index.get(h.lowTile)];
result.out = result.out.map((e) => [ids(e.lowHand), ids(e.highHand)]);
report(result, { reps, peer: "turtleflyer/pai-gow-tiles", function: "paiGow.houseWay(tiles)" });
