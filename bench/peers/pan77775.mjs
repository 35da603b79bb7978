// Driver (our own code) for pan77775/pai_gow's house way, run from the user's checkout:
//   node bench/peers/pan77775.mjs <checkout of pan77775/pai_gow> <hands.json> [repetitions]
// hands.json: [[id, id, id, id], ...] with the ids of its TILES ("tian_1", "za9_2", ...).
// Each hand is decided as its house-way table does it (getAllHouseWayCombinations):
// getHouseWayBest(hand, evaluateAllVariations(hand)). Prints JSON: ms_per_way (median of the
// repetitions, all hands once), hands, and each hand's setting [[front ids], [rear ids]].
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { readArgs, timeAll, report } from "./timing.mjs";

const { dir, hands, reps } = readArgs();
const pg = await import(pathToFileURL(join(dir, "src", "utils", "paiGow.js")).href);
const byId = new Map(pg.TILES.map((t) => [t.id, t]));
const tiles = hands.map((h) => h.map((id) => {
  const t = byId.get(id);
  if (!t) throw new Error(`no tile ${id}`);
  return t;
}));
const decide = (hand) => pg.getHouseWayBest(hand, pg.evaluateAllVariations(hand));
const result = timeAll(tiles, decide, reps);
result.out = result.out.map((e) => [e.front.tiles.map((t) => t.id), e.rear.tiles.map((t) => t.id)]);
report(result, { reps, peer: "pan77775/pai_gow", function: "getHouseWayBest(hand, evaluateAllVariations(hand))" });
