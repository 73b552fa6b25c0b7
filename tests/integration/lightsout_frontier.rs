//! Lights Out at the frontier (issue 9): the halved Sutner sweep, single-board nullities, the torus
//! formula, the m x n dataset and God's numbers, each against an independent method written here
//! (textbook elimination on packed rows, light chasing by coordinates, brute force over cosets)
//! and OEIS A165738 / A159257 / A079873 from tests/data.

use crate::common::*;
use std::collections::HashMap;
use std::path::Path;

type Rows = Vec<Vec<u64>>;

fn bit(v: &[u64], i: usize) -> bool {
    v[i / 64] >> (i % 64) & 1 == 1
}
fn flip(v: &mut [u64], i: usize) {
    v[i / 64] ^= 1 << (i % 64);
}
fn xor(a: &mut [u64], b: &[u64]) {
    a.iter_mut().zip(b).for_each(|(x, y)| *x ^= y);
}

/// Gauss-Jordan with row swaps; returns the rank and leaves `rows` reduced, with the pivot
/// columns in order.
fn reduce(rows: &mut Rows, cols: usize) -> Vec<usize> {
    let mut pivots = Vec::new();
    for c in 0..cols {
        let r0 = pivots.len();
        let Some(p) = (r0..rows.len()).find(|&r| bit(&rows[r], c)) else {
            continue;
        };
        rows.swap(r0, p);
        let piv = rows[r0].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            if r != r0 && bit(row, c) {
                xor(row, &piv);
            }
        }
        pivots.push(c);
    }
    pivots
}

/// Quiet-pattern count of the plus torus by light chasing by coordinates: the first two rows
/// (2n unknowns) determine the rest through P_{i+1} = P_{i-1} + P_i + left(P_i) + right(P_i);
/// quiet iff the chase closes up (P_m = P_0, P_{m+1} = P_1).
fn torus_transfer_nullity(m: usize, n: usize) -> usize {
    let u = 2 * n;
    let w = u.div_ceil(64);
    let unit = |k: usize| {
        let mut v = vec![0u64; w];
        flip(&mut v, k);
        v
    };
    let mut rows: Vec<Rows> = vec![(0..n).map(unit).collect(), (0..n).map(|j| unit(n + j)).collect()];
    for i in 1..=m {
        let next: Rows = (0..n)
            .map(|j| {
                let mut v = rows[i - 1][j].clone();
                for jj in [(j + n - 1) % n, j, (j + 1) % n] {
                    xor(&mut v, &rows[i][jj]);
                }
                v
            })
            .collect();
        rows.push(next);
    }
    let mut eqs: Rows = Vec::new();
    for (j, (last, first)) in rows[m].iter().zip(&rows[0]).enumerate().take(n) {
        let mut a = last.clone();
        xor(&mut a, first);
        eqs.push(a);
        let mut b = rows[m + 1][j].clone();
        xor(&mut b, &rows[1][j]);
        eqs.push(b);
    }
    u - reduce(&mut eqs, u).len()
}

/// Plus rule, open m x n, light chasing by coordinates from the first row.
fn open_chase_nullity(m: usize, n: usize) -> usize {
    let w = n.div_ceil(64);
    let mut prev: Rows = vec![vec![0u64; w]; n];
    let mut cur: Rows = (0..n)
        .map(|j| {
            let mut v = vec![0u64; w];
            flip(&mut v, j);
            v
        })
        .collect();
    for _ in 0..m {
        let next: Rows = (0..n)
            .map(|j| {
                let mut v = prev[j].clone();
                for neighbour in &cur[j.saturating_sub(1)..(j + 2).min(n)] {
                    xor(&mut v, neighbour);
                }
                v
            })
            .collect();
        prev = std::mem::replace(&mut cur, next);
    }
    n - reduce(&mut cur, n).len()
}

/// The plus/open press matrix by coordinates (symmetric), rows of `cells` bits.
fn press_rows(m: usize, n: usize) -> Rows {
    let cells = m * n;
    let w = cells.div_ceil(64);
    let mut rows = vec![vec![0u64; w]; cells];
    for r in 0..m {
        for c in 0..n {
            let i = r * n + c;
            flip(&mut rows[i], i);
            if r > 0 {
                flip(&mut rows[i], i - n);
            }
            if r + 1 < m {
                flip(&mut rows[i], i + n);
            }
            if c > 0 {
                flip(&mut rows[i], i - 1);
            }
            if c + 1 < n {
                flip(&mut rows[i], i + 1);
            }
        }
    }
    rows
}

/// Every solution of A x = b for the n x n plus/open board: (particular, kernel basis), or None.
fn solve_dense(n: usize, board: &[u64]) -> Option<(Vec<u64>, Rows)> {
    let cells = n * n;
    let mut aug = press_rows(n, n);
    for (i, row) in aug.iter_mut().enumerate() {
        row.push(0);
        if bit(board, i) {
            let last = row.len() - 1;
            row[last] = 1;
        }
    }
    // the right-hand side lives in its own word at index `w`: column 64 * w
    let w = cells.div_ceil(64);
    let rhs = 64 * w;
    let pivots = reduce(&mut aug, rhs + 1);
    if pivots.last() == Some(&rhs) {
        return None;
    }
    let mut x = vec![0u64; w];
    for (k, &c) in pivots.iter().enumerate() {
        if aug[k][w] & 1 == 1 {
            flip(&mut x, c);
        }
    }
    let is_pivot: std::collections::HashSet<usize> = pivots.iter().copied().collect();
    let mut kernel = Vec::new();
    for f in (0..cells).filter(|f| !is_pivot.contains(f)) {
        let mut v = vec![0u64; w];
        flip(&mut v, f);
        for (k, &c) in pivots.iter().enumerate() {
            if bit(&aug[k], f) {
                flip(&mut v, c);
            }
        }
        kernel.push(v);
    }
    Some((x, kernel))
}

/// Fewest presses over every solution (2^d of them, Gray code).
fn coset_min(x: &[u64], kernel: &Rows) -> u32 {
    let mut cur = x.to_vec();
    let weight = |v: &[u64]| v.iter().map(|w| w.count_ones()).sum::<u32>();
    let mut best = weight(&cur);
    for i in 1u64..1 << kernel.len() {
        xor(&mut cur, &kernel[i.trailing_zeros() as usize]);
        best = best.min(weight(&cur));
    }
    best
}

fn n_of(r: &HashMap<String, String>, k: &str) -> usize {
    whole(&r[k]).parse().unwrap_or_else(|_| panic!("{k} = {:?}", r[k]))
}

// ---------------------------------------------------------------------------------------------

#[test]
fn torus_sweep_matches_a165738_and_transfer_elimination() {
    let dir = scratch("lo9-torus");
    ok(&[
        "lightsout",
        "sweep",
        "--topology",
        "torus",
        "--max-n",
        "300",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let rows = read_csv(&dir.join("sweep_plus_torus.csv"));
    assert_eq!(rows.len(), 300);
    for o in oracle("lightsout/A165738.csv") {
        let n = n_of(&o, "n");
        assert_eq!(rows[n - 1]["nullity"], o["nullity"], "A165738({n})");
    }
    for n in 3..=300 {
        assert_eq!(
            n_of(&rows[n - 1], "nullity"),
            torus_transfer_nullity(n, n),
            "torus n = {n}"
        );
    }
}

#[test]
fn single_board_nullity_matches_the_sweeps_and_names_its_method() {
    let dir = scratch("lo9-single");
    ok(&["lightsout", "sweep", "--max-n", "3000", "--out", dir.to_str().unwrap()]);
    let open = read_csv(&dir.join("sweep_plus_open.csv"));
    for o in oracle("lightsout/A159257.csv") {
        let n = n_of(&o, "n");
        assert_eq!(open[n - 1]["nullity"], o["nullity"], "A159257({n})");
    }
    for n in 1..=60 {
        assert_eq!(n_of(&open[n - 1], "nullity"), open_chase_nullity(n, n), "open n = {n}");
    }
    for n in [1usize, 4, 5, 30, 511, 1023, 1365, 2047, 2730, 2999, 3000] {
        let out = String::from_utf8(ok(&["lightsout", "nullity", "--n", &n.to_string()]).stdout).unwrap();
        assert!(
            out.contains(&format!("nullity {},", open[n - 1]["nullity"])),
            "n = {n}: {out}"
        );
        assert!(out.contains("method: Sutner polynomial gcd"), "{out}");
    }
    for n in [3usize, 5, 6, 12, 48, 90, 97] {
        let out = String::from_utf8(ok(&["lightsout", "nullity", "--n", &n.to_string(), "--topology", "torus"]).stdout)
            .unwrap();
        let want = if n >= 3 { torus_transfer_nullity(n, n) } else { 0 };
        assert!(out.contains(&format!("nullity {want},")), "torus n = {n}: {out}");
        assert!(out.contains("method: Jordan structure"), "{out}");
    }
    fails_with(&["lightsout", "nullity", "--n", "0"], "--n 0");
    fails_with(&["lightsout", "nullity", "--n", "100000000"], "outside");
}

#[test]
fn rect_dataset_matches_light_chasing_and_dense_elimination() {
    use polars::prelude::*;
    let dir = scratch("lo9-rect");
    ok(&[
        "lightsout",
        "rect-dataset",
        "--max",
        "100",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let bytes = std::fs::read(dir.join("rect_plus_open_100.parquet")).unwrap();
    let df = ParquetReader::new(std::io::Cursor::new(bytes)).finish().unwrap();
    assert_eq!(df.height(), 10000);
    let ms = df.column("m").unwrap().u16().unwrap();
    let ns = df.column("n").unwrap().u16().unwrap();
    let nul = df.column("nullity").unwrap().u16().unwrap();
    let rank = df.column("rank").unwrap().u32().unwrap();
    for i in 0..df.height() {
        let (m, n, k) = (
            ms.get(i).unwrap() as usize,
            ns.get(i).unwrap() as usize,
            nul.get(i).unwrap() as usize,
        );
        assert_eq!((m - 1) * 100 + n - 1, i, "row-major order");
        assert_eq!(rank.get(i).unwrap() as usize + k, m * n);
        if m <= n {
            assert_eq!(k, open_chase_nullity(m, n), "{m}x{n}");
        } else {
            assert_eq!(nul.get((n - 1) * 100 + m - 1).unwrap() as usize, k, "symmetry {m}x{n}");
        }
        if m <= 9 && n <= 9 {
            assert_eq!(k, m * n - reduce(&mut press_rows(m, n), m * n).len(), "dense {m}x{n}");
        }
    }
    assert!(dir.join("rect_plus_open_100.png").exists() && dir.join("rect_plus_open_100.svg").exists());
}

/// Boards of gods_witnesses.csv (columns n, row, lights; `#` = on) by side.
fn witnesses(path: &Path) -> HashMap<usize, Vec<u64>> {
    let mut out: HashMap<usize, Vec<u64>> = HashMap::new();
    for r in read_csv(path) {
        let n: usize = r["n"].parse().unwrap();
        let row: usize = r["row"].parse::<usize>().unwrap() - 1;
        let v = out.entry(n).or_insert_with(|| vec![0u64; (n * n).div_ceil(64)]);
        for (c, ch) in r["lights"].chars().enumerate() {
            if ch == '#' {
                flip(v, row * n + c);
            }
        }
    }
    out
}

/// Independent refutation check, written from the definition: is there a press pattern whose
/// coset's minimum weight is at least `target`? Classes by signature (this test's own quiet
/// basis, so other signatures than the tool's); a choice of w_s ones in class s gives the coset
/// element sum a_i q_i the weight V_a = c_0 + sum_{s != 0} (w_s if <a, s> even else c_s - w_s).
/// Depth-first over the classes in signature order. Pruning by means: for a set M of bits, the
/// mean of V over the 2^|M| elements a' that differ from a only on M is at least min V, and in it
/// a class s with a bit in M counts exactly c_s / 2 (<a', s> takes both parities equally often)
/// while the others count as at a. With the next class s = 2^h + t, every M = {bits >= i except
/// h} with 2^i >= t is tried: the assigned classes enter through the mean of their part of V,
/// the unassigned ones inside (no bit in M) at their best c_s, the others at c_s / 2; a mean
/// below `target` cuts the branch.
/// Symmetry: adding the basis pattern q_h to a press pattern changes no coset, and it turns w_s
/// into c_s - w_s on exactly the classes whose signature has bit h; so the first class with top
/// bit h may press at most half its cells (flip it, for h = 0, 1, ... in turn, if not: later
/// flips leave it alone). Returns (feasible, nodes).
fn coset_radius_reaches(sizes: &HashMap<u32, usize>, d: usize, target: usize) -> (bool, u64) {
    let mut classes: Vec<(u32, usize)> = sizes.iter().filter(|(&s, _)| s != 0).map(|(&s, &c)| (s, c)).collect();
    classes.sort();
    let c0 = sizes.get(&0).copied().unwrap_or(0) as i64;
    struct Walk<'a> {
        classes: &'a [(u32, usize)],
        d: usize,
        target: i64,
        c0: i64,
        /// Twice the assigned classes' part of V_a, for every a.
        v2: Vec<i64>,
        nodes: u64,
    }
    impl Walk<'_> {
        /// Least mean of 2 V over the sets {a' = a off M}: min over a of the sum, / 2^|M|.
        fn cut(&self, k: usize, m: u32) -> bool {
            let mut v = self.v2.clone();
            for b in 0..self.d {
                if m >> b & 1 == 1 {
                    for a in 0..v.len() {
                        if a >> b & 1 == 0 {
                            v[a] += v[a | 1 << b];
                        }
                    }
                }
            }
            let unassigned: i64 = self.classes[k..]
                .iter()
                .map(|&(s, c)| if s & m == 0 { 2 * c as i64 } else { c as i64 })
                .sum();
            let least = (0..v.len()).filter(|&a| a as u32 & m == 0).map(|a| v[a]).min().unwrap();
            // mean(2V) = least / 2^|M| + 2 c_0 + unassigned
            least + ((2 * self.c0 + unassigned - 2 * self.target) << m.count_ones()) < 0
        }
        fn go(&mut self, k: usize) -> bool {
            self.nodes += 1;
            let all = (1u32 << self.d) - 1;
            match self.classes.get(k) {
                None => {
                    if self.cut(k, 0) {
                        return false;
                    }
                }
                Some(&(s, _)) => {
                    let h = 31 - s.leading_zeros();
                    let t = s - (1 << h);
                    let lowest = 32 - t.saturating_sub(1).leading_zeros();
                    for i in lowest..=h {
                        let m = all & !((1u32 << i) - 1) & !(1 << h);
                        if self.cut(k, m) {
                            return false;
                        }
                    }
                }
            }
            let Some(&(s, c)) = self.classes.get(k) else {
                return true;
            };
            let top = 31 - s.leading_zeros();
            let first_of_top = k == 0 || 31 - self.classes[k - 1].0.leading_zeros() != top;
            let most = if first_of_top { c / 2 } else { c };
            for ws in 0..=most {
                let (even, odd) = (2 * ws as i64, 2 * (c - ws) as i64);
                for a in 0..self.v2.len() {
                    self.v2[a] += if (a as u32 & s).count_ones().is_multiple_of(2) {
                        even
                    } else {
                        odd
                    };
                }
                let found = self.go(k + 1);
                for a in 0..self.v2.len() {
                    self.v2[a] -= if (a as u32 & s).count_ones().is_multiple_of(2) {
                        even
                    } else {
                        odd
                    };
                }
                if found {
                    return true;
                }
            }
            false
        }
    }
    let mut walk = Walk {
        classes: &classes,
        d,
        target: target as i64,
        c0,
        v2: vec![0; 1 << d],
        nodes: 0,
    };
    let found = walk.go(0);
    (found, walk.nodes)
}

#[test]
fn gods_numbers_are_certified_twice() {
    let dir = scratch("lo9-gods");
    ok(&[
        "lightsout",
        "gods",
        "--max-n",
        "17",
        "--max-n-d2",
        "60",
        "--out",
        dir.to_str().unwrap(),
    ]);
    let rows = read_csv(&dir.join("gods_numbers.csv"));
    let wit = witnesses(&dir.join("gods_witnesses.csv"));
    let sides: Vec<usize> = rows.iter().map(|r| n_of(r, "n")).collect();
    // Every side <= 17 with nullity > 0, and the nullity-2 sides up to 60 (A159257 and the sweep).
    assert_eq!(sides, vec![4, 5, 9, 11, 14, 16, 17, 41, 53]);
    for r in &rows {
        let n = n_of(r, "n");
        let (lower, upper) = (n_of(r, "lower_bound"), n_of(r, "upper_bound"));
        // Certificate 1: the witness's fewest presses over all 2^d solutions, by brute force here.
        let (x, kernel) = solve_dense(n, &wit[&n]).expect("witness is solvable");
        assert_eq!(kernel.len(), n_of(r, "nullity"), "{n}");
        assert_eq!(coset_min(&x, &kernel) as usize, lower, "witness {n}x{n}");
        // Certificate 2: the parity/averaging bound from this test's own quiet basis.
        let sizes = signature_sizes(n, &kernel);
        let parity = parity_bound(n, &sizes);
        assert!(upper <= parity, "bound {n}x{n}");
        if upper < parity && n == 9 {
            // Below the parity bound only by a branch-and-bound refutation: refute again here.
            // (16x16's refutation, 28 million nodes in the tool, is checked by the engine's own
            // tests against exhaustive search on small codes, not re-run by this slower search.)
            let t = std::time::Instant::now();
            let (found, nodes) = coset_radius_reaches(&sizes, kernel.len(), upper + 1);
            eprintln!(
                "{n}x{n}: {} refuted again in {nodes} nodes, {:.1} s",
                upper + 1,
                t.elapsed().as_secs_f64()
            );
            assert!(!found, "{n}x{n}: a position needs {} presses", upper + 1);
            assert!(nodes > 1000, "{n}x{n}: the refutation is a real search ({nodes} nodes)");
            // The same search finds a position at the value itself (it can say yes).
            assert!(
                coset_radius_reaches(&sizes, kernel.len(), upper).0,
                "{n}x{n}: none at {upper}"
            );
        }
        if lower == upper {
            assert_eq!(n_of(r, "gods_number"), lower);
        } else {
            assert_eq!(whole(&r["gods_number"]), "");
        }
        if n_of(r, "nullity") == 2 {
            assert_eq!(lower, upper, "d = 2 is always exact ({n}x{n})");
        }
    }
    // The anchors (wmboyles/LightsOut-Math) and the 5x5 count of A079873.csv.
    let by_n: HashMap<usize, &HashMap<String, String>> = rows.iter().map(|r| (n_of(r, "n"), r)).collect();
    assert_eq!(whole(&by_n[&5]["gods_number"]), "15");
    assert_eq!(whole(&by_n[&17]["gods_number"]), "199");
    let h5 = oracle("lightsout/A079873.csv");
    let last = h5.last().unwrap();
    assert_eq!(last["clicks"], "15");
    assert_eq!(digits(&by_n[&5]["positions_at_max_text"]), last["positions"]);
    // 4x4 (16 cells): exhaustive over all 2^16 press patterns here.
    let kernel4 = solve_dense(4, &[0]).unwrap().1;
    let mut best = vec![u32::MAX; 1 << 16];
    let rows4 = press_rows(4, 4);
    for x in 0u64..1 << 16 {
        let b = (0..16).filter(|&j| x >> j & 1 == 1).fold(0u64, |a, j| a ^ rows4[j][0]);
        best[b as usize] = best[b as usize].min(x.count_ones());
    }
    let god4 = best.iter().filter(|&&v| v != u32::MAX).max().unwrap();
    assert_eq!(kernel4.len(), 4);
    assert_eq!(whole(&by_n[&4]["gods_number"]), god4.to_string());
    let at_max = best.iter().filter(|&&v| v == *god4).count();
    assert_eq!(digits(&by_n[&4]["positions_at_max_text"]), at_max.to_string());
}

/// The committed table covers every n <= 50 with nullity > 0, and every row past 17 (the rows
/// `gods_numbers_are_certified_twice` does not recompute) is re-checked here by this file's own
/// algebra: the witness position re-solved by dense elimination and, up to nullity 20, its
/// fewest presses over all 2^d solutions by a Gray-code walk (39 and 47, nullity 32 and 30, are
/// re-solved exactly by the tool's transform in every `reproduce`); the upper bound against this
/// test's own parity/averaging bound; a refutation below it re-run by the independent search
/// above where the code is small (nullity 8 here; 29x29's refutation of 444, nullity 10, in the
/// ignored test below, and by the tool's own search in every `reproduce`'s read-back).
#[test]
fn committed_gods_numbers_to_50_are_rechecked() {
    recheck_committed_gods_numbers(SUITE_REFUTATION_NODES, 8);
}

/// The independent search re-runs, in the suite, the refutations the tool settled in at most
/// this many nodes; the larger ones (49x49's of 1398: 5.8 million nodes, 50x50's of 1345: 46
/// million, past the suite's 10 minutes in this slower search) are re-run by the ignored test
/// below (`cargo test --release -- --ignored committed_gods`) and, by the tool's own search, in
/// every `reproduce`'s read-back.
const SUITE_REFUTATION_NODES: u64 = 4_000_000;

#[test]
#[ignore = "hours: every committed refutation of nullity <= 10 by the independent search"]
fn committed_gods_numbers_every_refutation_rechecked() {
    recheck_committed_gods_numbers(u64::MAX, 10);
}

/// The classes rewritten in an odd-first basis of their signature space: each next basis
/// vector is the signature whose span with the vectors so far holds the most classes of odd
/// size, then the most cells (the lowest signature on a tie); the class of new signature x is
/// the old class sum_i x_i b_i. Written from that definition (every candidate's span counted
/// afresh), not from the tool's incremental version.
fn odd_first(sizes: &HashMap<u32, usize>, d: usize) -> HashMap<u32, usize> {
    let cells: usize = sizes.values().sum();
    let weight = |s: u32| {
        if s == 0 {
            0
        } else {
            sizes.get(&s).map_or(0, |&c| (c % 2) * (cells + 1) + c)
        }
    };
    let span_of = |basis: &[u32]| -> Vec<u32> {
        (0..1u32 << basis.len())
            .map(|x| {
                basis
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| x >> i & 1 == 1)
                    .fold(0, |a, (_, &b)| a ^ b)
            })
            .collect()
    };
    let mut basis: Vec<u32> = Vec::new();
    while basis.len() < d {
        let span = span_of(&basis);
        let mut best: Option<(usize, u32)> = None;
        for v in 1..1u32 << d {
            if span.contains(&v) {
                continue;
            }
            let w: usize = span.iter().map(|&u| weight(u) + weight(u ^ v)).sum();
            if best.is_none_or(|(bw, _)| w > bw) {
                best = Some((w, v));
            }
        }
        basis.push(best.expect("a vector outside a proper subspace").1);
    }
    let span = span_of(&basis);
    (0..1u32 << d)
        .filter_map(|x| sizes.get(&span[x as usize]).map(|&c| (x, c)))
        .collect()
}

/// A subcode's bound (`upper` = its refuted value less one): it holds whenever the subcode's
/// words are quiet (a subcode of the quiet code is no nearer to any position), which is checked
/// here with this file's own press matrix on the words the generators name (sums of the tool's
/// quiet basis words); then the refutation is re-run by the independent search over this file's
/// own merged classes when it is small enough.
fn recheck_subcode(n: usize, method: &str, upper: usize, max_nodes: u64, max_nullity: usize) {
    use statespace::studies::lightsout::{gods, gods_subcode::Subcode};
    let sub = Subcode::parse(method).expect("a subcode the method names");
    assert_eq!(sub.refuted, upper + 1, "{n}x{n}: {method}");
    let basis = gods::quiet_basis(n).unwrap();
    let cells = n * n;
    let words: Vec<Vec<u64>> = sub
        .generators
        .iter()
        .map(|&g| {
            let mut w = vec![0u64; cells.div_ceil(64)];
            for (_, q) in basis.iter().enumerate().filter(|&(i, _)| g >> i & 1 == 1) {
                for c in (0..cells).filter(|&c| q.get(c / n, c % n)) {
                    flip(&mut w, c);
                }
            }
            w
        })
        .collect();
    let presses = press_rows(n, n);
    for (k, w) in words.iter().enumerate() {
        assert!(w.iter().any(|&x| x != 0), "{n}x{n}: subcode word {k} is empty");
        let quiet = presses
            .iter()
            .all(|row| row.iter().zip(w).map(|(a, b)| (a & b).count_ones()).sum::<u32>() % 2 == 0);
        assert!(quiet, "{n}x{n}: subcode word {k} is not quiet");
    }
    let j = words.len();
    let mut merged: HashMap<u32, usize> = HashMap::new();
    for c in 0..cells {
        let s = words
            .iter()
            .enumerate()
            .fold(0u32, |a, (i, w)| a | (bit(w, c) as u32) << i);
        *merged.entry(s).or_insert(0) += 1;
    }
    if j <= max_nullity && sub.nodes <= max_nodes {
        let sizes = if method.contains("nodes in the odd-first basis") {
            odd_first(&merged, j)
        } else {
            merged
        };
        let (found, nodes) = coset_radius_reaches(&sizes, j, sub.refuted);
        eprintln!(
            "{n}x{n}: {} refuted again over the subcode in {nodes} nodes",
            sub.refuted
        );
        assert!(
            !found,
            "{n}x{n}: a position needs {} presses from the subcode",
            sub.refuted
        );
    }
}

/// Re-runs by the independent search the refutations of at most `max_nodes` nodes (the tool's
/// count) over codes of nullity at most `max_nullity`.
fn recheck_committed_gods_numbers(max_nodes: u64, max_nullity: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lightsout");
    let rows = read_csv(&dir.join("gods_numbers.csv"));
    let wit = witnesses(&dir.join("gods_witnesses.csv"));
    let sides: Vec<usize> = rows.iter().map(|r| n_of(r, "n")).collect();
    let wanted: Vec<usize> = (1..=50).filter(|&n| open_chase_nullity(n, n) > 0).collect();
    for n in &wanted {
        assert!(
            sides.contains(n),
            "{n}x{n} (nullity > 0) is missing from gods_numbers.csv"
        );
    }
    for r in rows.iter().filter(|r| (18..=50).contains(&n_of(r, "n"))) {
        let n = n_of(r, "n");
        let (lower, upper) = (n_of(r, "lower_bound"), n_of(r, "upper_bound"));
        let (x, kernel) = solve_dense(n, &wit[&n]).expect("witness is solvable");
        let d = kernel.len();
        assert_eq!(d, n_of(r, "nullity"), "{n}");
        if d <= 20 {
            assert_eq!(coset_min(&x, &kernel) as usize, lower, "witness {n}x{n}");
        }
        let sizes = signature_sizes(n, &kernel);
        let parity = parity_bound(n, &sizes);
        assert!(
            lower <= upper && upper <= parity,
            "bounds {n}x{n}: {lower}..{upper}, parity {parity}"
        );
        if upper < parity && r["method"].contains("a subcode of ") {
            recheck_subcode(n, &r["method"], upper, max_nodes, max_nullity);
        } else if upper < parity {
            assert!(
                r["method"].contains(&format!("refutes {}", upper + 1)),
                "{n}x{n}: {}",
                r["method"]
            );
            // The tool's tree size, from the method text ("refutes N (M nodes; ...").
            let stored: u64 = r["method"]
                .split(&format!("refutes {} (", upper + 1))
                .nth(1)
                .and_then(|t| t.split(' ').next())
                .and_then(|m| m.parse().ok())
                .expect("a refutation's node count");
            if d <= max_nullity && stored <= max_nodes {
                // The tool names the basis it refuted in; this search uses its own basis of the
                // same kind, built here from its own signatures.
                let sizes = if r["method"].contains("nodes in the odd-first basis") {
                    odd_first(&sizes, d)
                } else {
                    sizes.clone()
                };
                let (found, nodes) = coset_radius_reaches(&sizes, d, upper + 1);
                eprintln!("{n}x{n}: {} refuted again in {nodes} nodes", upper + 1);
                assert!(!found, "{n}x{n}: a position needs {} presses", upper + 1);
            }
        }
        assert_eq!(
            whole(&r["gods_number"]),
            if lower == upper {
                lower.to_string()
            } else {
                String::new()
            },
            "{n}"
        );
    }
}

#[test]
fn gods_and_dataset_refuse_bad_input() {
    fails_with(&["lightsout", "gods", "--max-n", "0"], "--max-n 0");
    fails_with(&["lightsout", "gods", "--max-n-d2", "100000"], "--max-n-d2");
    fails_with(&["lightsout", "gods", "--budget", "1000000000000000001"], "--budget");
    fails_with(&["lightsout", "gods", "--budget", "-5"], "-5");
    fails_with(&["lightsout", "gods", "--conflict-moves", "0"], "--conflict-moves 0");
    fails_with(&["lightsout", "gods", "--active-rounds", "0"], "--active-rounds 0");
    fails_with(
        &["lightsout", "gods", "--active-rounds", "1000001"],
        "--active-rounds 1000001",
    );
    fails_with(&["lightsout", "gods", "--node-subspace", "9"], "--node-subspace 9");
    fails_with(&["lightsout", "rect-dataset", "--max", "0"], "--max 0");
}

/// `lightsout sweep --max-n MAX_N --keep KEEP --out OUT`: succeeds, or (`refusal` given) fails
/// with it in its one line.
fn sweep_keep(max_n: &str, keep: &Path, out: &Path, refusal: Option<&str>) {
    let args = [
        "lightsout",
        "sweep",
        "--max-n",
        max_n,
        "--keep",
        keep.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ];
    match refusal {
        None => {
            ok(&args);
        }
        Some(refusal) => fails_with(&args, refusal),
    }
}

/// `sweep --keep`: a rerun over the kept gcds gives the same bytes, a partial file (the state a
/// killed run leaves: the header's last finished size and the sizes up to it) resumes to the same
/// bytes, and files of another run or a damaged file are refused in one line.
#[test]
fn sweep_keep_resumes_and_refuses_other_runs() {
    let dir = scratch("sweep_keep");
    let s = |p: &std::path::Path| p.to_str().unwrap().to_string();
    let (keep, reference, again) = (dir.join("gcds"), dir.join("reference"), dir.join("again"));
    ok(&["lightsout", "sweep", "--max-n", "4000", "--out", &s(&reference)]);
    sweep_keep("4000", &keep, &again, None);
    let want = std::fs::read(reference.join("sweep_plus_open.csv")).unwrap();
    assert_eq!(std::fs::read(again.join("sweep_plus_open.csv")).unwrap(), want);
    let file = keep.join("sweep_plus_open.rank0of1.gcd");
    let full = std::fs::read(&file).unwrap();
    assert_eq!(&full[..16], b"statespace-gcd-1");
    let word = |i: usize| u64::from_le_bytes(full[16 + 8 * i..24 + 8 * i].try_into().unwrap());
    assert_eq!(
        (word(0), word(1), word(2), word(3)),
        (4000, 1, 0, 2000),
        "header: max_n, ranks, rank, last finished k"
    );
    // Cut it back to k <= 700, as a run killed there leaves it: the rerun computes the rest.
    let mut partial = full[..40].to_vec();
    partial.extend_from_slice(&700u64.to_le_bytes());
    partial.extend(
        full[48..]
            .chunks_exact(8)
            .filter(|p| u32::from_le_bytes(p[..4].try_into().unwrap()) <= 700)
            .flatten(),
    );
    std::fs::write(&file, &partial).unwrap();
    let resumed = dir.join("resumed");
    sweep_keep("4000", &keep, &resumed, None);
    assert_eq!(std::fs::read(resumed.join("sweep_plus_open.csv")).unwrap(), want);
    // Another --max-n or rank count over the same directory, or a damaged file: refused.
    sweep_keep("3000", &keep, &dir.join("x"), Some("not n = 3000"));
    std::fs::write(keep.join("sweep_plus_open.rank0of2.gcd"), b"").unwrap();
    sweep_keep("4000", &keep, &dir.join("x"), Some("another number of ranks"));
    std::fs::remove_file(keep.join("sweep_plus_open.rank0of2.gcd")).unwrap();
    std::fs::write(&file, &partial[..partial.len() - 8]).unwrap();
    sweep_keep("4000", &keep, &dir.join("x"), Some("this rank's share"));
    std::fs::write(&file, b"not a checkpoint").unwrap();
    sweep_keep("4000", &keep, &dir.join("x"), Some("not a sweep checkpoint"));
    assert!(
        !dir.join("x").join("sweep_plus_open.csv").exists(),
        "a refused run writes nothing"
    );
    fails_with(
        &[
            "lightsout",
            "sweep",
            "--rule",
            "block",
            "--max-n",
            "40",
            "--keep",
            &s(&keep),
            "--out",
            &s(&dir.join("x")),
        ],
        "--keep is for the plus rule",
    );
}

/// `sweep --format parquet` holds the CSV's rows with integer columns (read here by polars
/// directly, not by the crate's reader).
#[test]
fn sweep_parquet_holds_the_csv_rows() {
    use polars::prelude::*;
    let dir = scratch("sweep_parquet");
    let d = dir.to_str().unwrap();
    for topology in ["open", "torus"] {
        ok(&[
            "lightsout",
            "sweep",
            "--topology",
            topology,
            "--max-n",
            "3000",
            "--out",
            d,
        ]);
        ok(&[
            "lightsout",
            "sweep",
            "--topology",
            topology,
            "--max-n",
            "3000",
            "--format",
            "parquet",
            "--out",
            d,
        ]);
        let rows = read_csv(&dir.join(format!("sweep_plus_{topology}.csv")));
        let bytes = std::fs::read(dir.join(format!("sweep_plus_{topology}.parquet"))).unwrap();
        let df = ParquetReader::new(std::io::Cursor::new(bytes)).finish().unwrap();
        assert_eq!(df.height(), rows.len());
        for name in ["n", "n_mod_3", "rank", "nullity", "log2_solvable_fraction"] {
            let col = df.column(name).unwrap();
            assert!(col.dtype().is_integer(), "{name}: {:?}", col.dtype());
            let col = col.cast(&DataType::Int64).unwrap();
            let vals: Vec<i64> = col.i64().unwrap().into_no_null_iter().collect();
            for (row, v) in rows.iter().zip(&vals) {
                assert_eq!(row[name].parse::<i64>().unwrap(), *v, "{topology} {name}");
            }
        }
    }
}

/// Cells by signature (bit i: whether quiet pattern i presses the cell), from this test's own
/// quiet basis.
fn signature_sizes(n: usize, kernel: &[Vec<u64>]) -> HashMap<u32, usize> {
    let mut sizes: HashMap<u32, usize> = HashMap::new();
    for c in 0..n * n {
        let s = kernel
            .iter()
            .enumerate()
            .fold(0u32, |a, (i, k)| a | (bit(k, c) as u32) << i);
        *sizes.entry(s).or_default() += 1;
    }
    sizes
}

/// The parity/averaging bound on God's number: cells no quiet pattern touches count fully, the
/// others half, less one when the covered cells are even in number and some class is odd.
fn parity_bound(n: usize, sizes: &HashMap<u32, usize>) -> usize {
    let c0 = sizes.get(&0).copied().unwrap_or(0);
    let covered = n * n - c0;
    let odd = sizes.iter().any(|(&s, &c)| s != 0 && c % 2 == 1);
    c0 + covered / 2 - usize::from(covered.is_multiple_of(2) && odd)
}

/// The committed sweep to n = 10^6 (issue 22, computed under `mpirun -n 2`), read as a user
/// would (polars) and checked by methods other than its gcds: every n <= 120 and six larger
/// sizes by light chasing and elimination written here; every odd n by the 2-adic doubling
/// rule (n = 2k + 1: nullity 2 nullity(k), plus 2 when 3 divides k + 1); n <= 100,000 against the
/// committed one-process sweep; the even n of largest nullity by the one-board command.
#[test]
fn the_million_sweep_agrees_with_chasing_doubling_and_one_board() {
    use polars::prelude::*;
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lightsout");
    let file = std::fs::File::open(root.join("n1000000/sweep_plus_open.parquet")).unwrap();
    let df = ParquetReader::new(file).finish().unwrap();
    let col = |name: &str| -> Vec<i64> {
        let c = df.column(name).unwrap();
        assert!(c.dtype().is_integer(), "{name}: {:?}", c.dtype());
        c.cast(&DataType::Int64)
            .unwrap()
            .i64()
            .unwrap()
            .into_no_null_iter()
            .collect()
    };
    let (n, n_mod_3, rank, nul) = (col("n"), col("n_mod_3"), col("rank"), col("nullity"));
    assert_eq!(n.len(), 1_000_000);
    let mut nullity = vec![0usize; n.len() + 1];
    for i in 0..n.len() {
        let s = i as i64 + 1;
        assert_eq!((n[i], n_mod_3[i], rank[i] + nul[i]), (s, s % 3, s * s), "row {i}");
        nullity[i + 1] = nul[i] as usize;
    }
    for s in (1..=120).chain([255, 340, 511, 682, 1023, 2047]) {
        assert_eq!(nullity[s], open_chase_nullity(s, s), "n = {s} by light chasing");
    }
    for k in 0..nullity.len() / 2 {
        let s = 2 * k + 1;
        if s < nullity.len() {
            let want = 2 * nullity[k] + if (k + 1) % 3 == 0 { 2 } else { 0 };
            assert_eq!(nullity[s], want, "n = {s} by doubling n = {k}");
        }
    }
    let short = read_csv(&root.join("n100000/sweep_plus_open.csv"));
    assert_eq!(short.len(), 100_000);
    for r in &short {
        assert_eq!(
            nullity[n_of(r, "n")],
            n_of(r, "nullity"),
            "n = {} against the one-process sweep",
            r["n"]
        );
    }
    let widest = (2..nullity.len())
        .step_by(2)
        .max_by_key(|&s| (nullity[s], std::cmp::Reverse(s)))
        .unwrap();
    let out = String::from_utf8(ok(&["lightsout", "nullity", "--n", &widest.to_string()]).stdout).unwrap();
    assert!(
        out.contains(&format!("nullity {},", nullity[widest])),
        "n = {widest}: {out}"
    );
}

/// What a plain loader (`pandas.read_csv`, `pl.read_csv` with defaults) infers from a column's
/// unquoted values: a number when every non-empty value is one (quoting does not stop it), so
/// "00111" loses its zeros and a count column mixes ints and text across files.
fn looks_numeric(v: &str) -> bool {
    let t = v.strip_prefix(['+', '-']).unwrap_or(v);
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let (mantissa, exponent) = match t.find(['e', 'E']) {
        Some(i) => (&t[..i], Some(&t[i + 1..])),
        None => (t, None),
    };
    let mantissa_ok = match mantissa.split_once('.') {
        Some((a, b)) => (digits(a) || a.is_empty()) && (digits(b) || b.is_empty()) && !(a.is_empty() && b.is_empty()),
        None => digits(mantissa),
    };
    let exponent_ok = exponent.is_none_or(|e| digits(e.strip_prefix(['+', '-']).unwrap_or(e)));
    mantissa_ok && exponent_ok || ["nan", "inf", "-inf"].contains(&v.to_ascii_lowercase().as_str())
}

/// Issue 37 item 6, for every CSV under data/lightsout against the data dictionary: a column
/// declared text has a value no loader takes for a number (bit strings such as "00111" lost
/// their leading zeros), an integer column's values all parse as integers, and an exact count
/// (`Kind::BigInteger`) is written as one.
#[test]
fn lightsout_csv_columns_load_with_their_declared_types() {
    use statespace::output::datapackage::doc_for;
    use statespace::output::schema::Kind;
    use statespace::output::table::parse_exact_count;
    use statespace::studies::lightsout::dictionary;
    let docs = dictionary::resources();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lightsout");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "csv") {
                files.push(p);
            }
        }
    }
    files.sort();
    assert!(files.len() >= 40, "{} CSV files under {}", files.len(), dir.display());
    let mut faults = Vec::new();
    for path in &files {
        let rel = format!("lightsout/{}", path.strip_prefix(&dir).unwrap().display());
        let doc = doc_for(&docs, &rel).unwrap_or_else(|| panic!("{rel} has no entry in the data dictionary"));
        let mut r = csv::Reader::from_path(path).unwrap();
        let header: Vec<String> = r.headers().unwrap().iter().map(String::from).collect();
        let rows: Vec<csv::StringRecord> = r.records().map(Result::unwrap).collect();
        for (i, name) in header.iter().enumerate() {
            let col = doc
                .column(name)
                .unwrap_or_else(|| panic!("{rel}: column {name} is not declared"));
            let values: Vec<&str> = rows.iter().map(|row| &row[i]).collect();
            match col.kind {
                Kind::String if !values.iter().any(|v| !v.is_empty() && !looks_numeric(v)) => {
                    faults.push(format!("{rel}: text column {name} would load as numbers"));
                }
                // Exact counts as text (digits grouped by `_`). Where every count of a file is
                // below 1000 a loader still reads them as integers: the shared format's open point.
                Kind::BigInteger => {
                    if let Some(v) = values.iter().find(|v| !v.is_empty() && parse_exact_count(v).is_none()) {
                        faults.push(format!("{rel}: exact count column {name} holds {v:?}"));
                    }
                }
                // Empty where a value is unknown (gods_number where only bounds are proven):
                // pandas reads the column as floats, still numbers.
                Kind::Integer => {
                    if let Some(v) = values.iter().find(|v| !v.is_empty() && v.parse::<i64>().is_err()) {
                        faults.push(format!("{rel}: integer column {name} holds {v:?}"));
                    }
                }
                _ => {}
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn looks_numeric_is_what_a_loader_infers() {
    for v in ["0", "00111", "-3", "1.5", ".5", "2e10", "1.0E-3", "nan", "+7"] {
        assert!(looks_numeric(v), "{v}");
    }
    for v in ["..###", "#", "4_950", "", "p4 p6", "1 2", "true", "none", "1e", "."] {
        assert!(!looks_numeric(v), "{v}");
    }
}

/// The automorphisms of the classes counted by plain backtracking: the test's quiet basis makes
/// every unit vector the signature of a class (the free cell of its kernel vector), so a map is
/// fixed by the images of the unit vectors, each tried among the signatures of the same size; once
/// unit vectors 0..=i have images, every vector whose top bit is i must map to a nonzero vector of
/// its size (0 for no class), which also makes the map invertible.
fn plain_automorphism_count(sizes: &HashMap<u32, usize>, d: usize) -> usize {
    let size = |v: u32| sizes.get(&v).copied().unwrap_or(0);
    let nonzero: Vec<u32> = sizes.keys().copied().filter(|&s| s != 0).collect();
    fn go(i: usize, d: usize, images: &mut Vec<u32>, nonzero: &[u32], size: &dyn Fn(u32) -> usize) -> usize {
        if i == d {
            return 1;
        }
        let mut count = 0;
        for &t in nonzero.iter().filter(|&&t| size(t) == size(1 << i)) {
            images.push(t);
            let kept = (1u32 << i..1 << (i + 1)).all(|v| {
                let image = (0..=i).filter(|&j| v >> j & 1 == 1).fold(0, |a, j| a ^ images[j]);
                image != 0 && size(image) == size(v)
            });
            if kept {
                count += go(i + 1, d, images, nonzero, size);
            }
            images.pop();
        }
        count
    }
    go(0, d, &mut Vec::new(), &nonzero, &size)
}

/// Nullities the plain count reaches in the suite: it prunes only by sizes, and sums of unit
/// vectors are rarely signatures, so its tree grows fast with the nullity.
const PLAIN_NULLITY: usize = 16;
/// Sides past this (nullity 2 only) are left out: the test's dense elimination is cubic in n^2.
const PLAIN_SIDE: usize = 50;

/// `gods_class_symmetry.csv` as committed: one row per side of `gods_numbers.csv`; the board's
/// image divides the group's order; and for nullity <= [`PLAIN_NULLITY`] and n <= [`PLAIN_SIDE`] the order is counted
/// again from this test's own quiet basis by plain backtracking.
#[test]
fn committed_class_symmetry_is_recounted() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/lightsout");
    let rows = read_csv(&dir.join("gods_class_symmetry.csv"));
    let sides: Vec<usize> = read_csv(&dir.join("gods_numbers.csv"))
        .iter()
        .map(|r| n_of(r, "n"))
        .collect();
    assert_eq!(rows.iter().map(|r| n_of(r, "n")).collect::<Vec<_>>(), sides);
    for r in &rows {
        let (n, d) = (n_of(r, "n"), n_of(r, "nullity"));
        let (order, image) = (n_of(r, "class_automorphisms"), n_of(r, "board_symmetry_image"));
        assert!(order.is_multiple_of(image), "{n}x{n}: {image} does not divide {order}");
        if d > PLAIN_NULLITY || n > PLAIN_SIDE {
            continue;
        }
        let (_, kernel) = solve_dense(n, &vec![0u64; (n * n).div_ceil(64)]).expect("blank board");
        assert_eq!(kernel.len(), d, "{n}x{n}");
        let sizes = signature_sizes(n, &kernel);
        assert_eq!(
            sizes.keys().filter(|&&s| s != 0).count(),
            n_of(r, "signature_classes"),
            "{n}x{n}"
        );
        let t = std::time::Instant::now();
        assert_eq!(plain_automorphism_count(&sizes, d), order, "{n}x{n}");
        eprintln!("{n}x{n}: {order} automorphisms counted again in {:.1?}", t.elapsed());
    }
}
