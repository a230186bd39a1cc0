// Inline more of the release wasm than asc does: `node scripts/inline-wasm.mjs <file.wasm>`
// rewrites the file in place.
//
// Why: in V8's wasm code every register is caller-saved, so a call spills every live value
// (bitboards in the move generator, the solver's node state) and reloads it, and each callee
// begins with a stack check. asc inlines only tiny functions (binaryen's "always inline" size 12
// at -O3) and offers no option to change that. Binaryen itself does: every function up to size
// 200 inlined at each call site, then -O3 again over the result.
// Measured against asc alone, the same runs taken in turn (this machine's noise is ±10-30%):
// - perft (`npm run bench -- perft`): shogi start 111-115 M nodes/s (93-98 M), matsuri 507-561 M
//   (438-446 M).
// - 寿 capped at 1 M nodes, ten runs each: fastest 1,360 ms (1,451), median 1,446 (1,643); under
//   valgrind, 300 k nodes take 4.0 G instructions (4.2 G). Solved whole, where the table is large
//   and the solver waits for memory more, the gain is within the noise: four pairs in turn took
//   9.8-14.4 s against 10.2-15.0 s (faster in each pair), three earlier pairs 9.4-10.4 s against
//   9.5-9.9 s.
// - tsume-dev #126 (its small budgets run other code) and the search bench: no difference seen.
// - Size 100, or 400: no fewer instructions than asc alone (too little inlined, or code so large
//   that it no longer pays). The release wasm grows from 77 KB to 136 KB (43 KB gzipped).
import { readFileSync, writeFileSync } from 'node:fs';
import binaryen from 'binaryen';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/inline-wasm.mjs <file.wasm>');
  process.exit(2);
}
const module = binaryen.readBinary(readFileSync(file));
// The features asc compiles with (asconfig.json enables simd; the others are asc's defaults).
const { MutableGlobals, NontrappingFPToInt, SIMD128, BulkMemory, BulkMemoryOpt, SignExt } = binaryen.Features;
module.setFeatures(MutableGlobals | NontrappingFPToInt | SIMD128 | BulkMemory | BulkMemoryOpt | SignExt);
binaryen.setOptimizeLevel(3);
binaryen.setShrinkLevel(0);
binaryen.setAlwaysInlineMaxSize(200);
module.optimize();
module.optimize();
if (!module.validate()) {
  console.error(`${file}: binaryen produced an invalid module`);
  process.exit(1);
}
writeFileSync(file, module.emitBinary());
module.dispose();
