//! Deep holes of a binary linear code of dimension d: a word whose distance to every codeword is
//! large, found by an active-set min-conflicts search (a lower bound on the covering radius).
//!
//! In the signature-class picture of [`crate::engine::linear::covering`], a word is a signed class vector
//! y (y_s = c_s - 2 w_s: the parity of c_s, |y_s| <= c_s) and its distance to codeword a is
//! (C - Y(a)) / 2 with Y the Walsh-Hadamard transform of y; a deep hole is a y whose largest
//! Y(a) over all 2^d characters a is small. Every Y(a) has the same parity (that of the number of
//! odd classes), so the values to beat go down in steps of 2.
//!
//! Why an active set: scoring every move against all 2^d characters (two transforms per move)
//! costs 2 d 2^d per move, which at d = 20 allows a few thousand moves and past d = 24 none. Yet
//! a move can only matter for the characters at or above the target, a tiny share of them. So
//! the search keeps a working set A of characters: each round one exact pass over all 2^d values
//! ([`walsh_above`]) reports the current maximum and hands over the characters at or above the
//! target (best maximum so far minus 2), A grows by them, and a min-conflicts search over +-2
//! moves of one class drives every character of A below the target, scoring a move only against
//! the members of A at or above it. The exact pass then finds what the working set missed.
//! Deterministic: fixed seeds, and the exact pass lists its characters in a fixed order.

use super::walsh_max::{walsh_above, walsh_peak};

/// Characters handed from one exact pass to the working set (the largest first).
pub const NEW_PER_ROUND: usize = 64;

/// Best signed class vector found: its largest transform value (exact, over all 2^d
/// characters) and the vector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hole {
    pub max: i64,
    pub y: Vec<i64>,
    /// Exact passes run.
    pub rounds: usize,
}

/// Classes whose values move together: each member's y equals the group's (the orbit of a
/// symmetry of the code, whose classes have equal sizes; a single class otherwise).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tied {
    /// The members' signatures (distinct, nonzero).
    pub signatures: Vec<u64>,
    /// Each member's cells.
    pub size: usize,
}

fn signed(vars: &[Tied], y: &[i64]) -> Vec<(u64, i32)> {
    vars.iter()
        .zip(y)
        .filter(|&(_, &v)| v != 0)
        .flat_map(|(t, &v)| t.signatures.iter().map(move |&s| (s, v as i32)))
        .collect()
}

/// Sum of the members' characters at `a`: a move of the group by `dir` changes Y(a) by `dir`
/// times this.
fn chi_sum(t: &Tied, a: u64) -> i64 {
    t.signatures.iter().map(|&s| chi(s, a)).sum()
}

fn chi(s: u64, a: u64) -> i64 {
    if (s & a).count_ones() & 1 == 1 {
        -1
    } else {
        1
    }
}

/// Searches from `start` (len = classes.len(); class signatures nonzero and below 2^d, each
/// y_s of the parity of c_s with |y_s| <= c_s) for `rounds` exact passes of at most
/// `moves_per_round` moves each, and returns the best vector seen at an exact pass.
pub fn search(classes: &[(u64, usize)], d: usize, start: &[i64], rounds: usize, moves_per_round: usize) -> Hole {
    let vars: Vec<Tied> = classes
        .iter()
        .map(|&(s, size)| Tied {
            signatures: vec![s],
            size,
        })
        .collect();
    search_tied(&vars, d, start, rounds, moves_per_round)
}

/// [`search`] over vectors whose classes move in groups (`classes`, one value per group, every
/// member of a group taking it): the words invariant under a symmetry group of the code, a far
/// smaller space in which a search goes deeper (the restriction of Kavut and Yucel's record
/// Boolean functions, Information and Computation 208, 2010).
pub fn search_tied(classes: &[Tied], d: usize, start: &[i64], rounds: usize, moves_per_round: usize) -> Hole {
    assert_eq!(classes.len(), start.len(), "one value per group");
    assert!(
        classes
            .iter()
            .zip(start)
            .all(|(c, &v)| c.signatures.iter().all(|&s| s != 0)
                && v.unsigned_abs() as usize <= c.size
                && (v - c.size as i64) % 2 == 0),
        "start outside the class bounds"
    );
    let mut y = start.to_vec();
    let first = walsh_peak(&signed(classes, &y), d, None).value;
    let mut best = Hole {
        max: first,
        y: y.clone(),
        rounds: 0,
    };
    let movable: Vec<usize> = (0..classes.len()).filter(|&j| classes[j].size > 0).collect();
    if movable.is_empty() {
        return best;
    }
    let mut seed = 0x2d35_8dcc_aa6c_78a5u64;
    let mut rand = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        seed >> 33
    };
    let mut members: Vec<u64> = Vec::new();
    let mut known = std::collections::HashSet::new();
    let mut values: Vec<i64> = Vec::new(); // Y(a) for each member a
    let mut tabu_until = vec![0usize; classes.len()];
    let mut step = 0usize;
    for round in 0..rounds {
        let target = best.max - 2;
        // The exact pass: everything at or above the target, largest first.
        let above = walsh_above(&signed(classes, &y), d, target, NEW_PER_ROUND);
        let current = match above.first() {
            Some(&(_, v)) => v,
            None => walsh_peak(&signed(classes, &y), d, None).value,
        };
        best.rounds = round + 1;
        if current < best.max {
            best.max = current;
            best.y = y.clone();
        }
        for &(a, v) in &above {
            if known.insert(a) {
                members.push(a);
                values.push(v);
            }
        }
        let target = best.max - 2;
        for _ in 0..moves_per_round {
            let tight: Vec<usize> = (0..members.len()).filter(|&i| values[i] >= target).collect();
            if tight.is_empty() {
                break;
            }
            step += 1;
            // (change of the excess sum over A above the target, random tie-break, class, +-2)
            let mut choice: Option<(i64, u64, usize, i64)> = None;
            for &j in &movable {
                if tabu_until[j] >= step {
                    continue;
                }
                let c = classes[j].size;
                for dir in [2i64, -2] {
                    if (y[j] + dir).unsigned_abs() as usize > c {
                        continue;
                    }
                    let delta: i64 = tight
                        .iter()
                        .map(|&i| {
                            let change = dir * chi_sum(&classes[j], members[i]);
                            if values[i] > target {
                                change
                            } else {
                                change.max(0)
                            }
                        })
                        .sum();
                    let key = (delta, rand(), j, dir);
                    if choice.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                        choice = Some(key);
                    }
                }
            }
            let Some((_, _, j, dir)) = choice else { break };
            y[j] += dir;
            for (v, &a) in values.iter_mut().zip(&members) {
                *v += dir * chi_sum(&classes[j], a);
            }
            tabu_until[j] = step + 3 + rand() as usize % 5;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    /// min over every admissible y of max_a Y(a), straight from the definitions.
    fn brute(classes: &[(u64, usize)], d: usize) -> i64 {
        let mut best = i64::MAX;
        let mut y: Vec<i64> = classes.iter().map(|c| -(c.1 as i64)).collect();
        loop {
            let m = (0..1u64 << d)
                .map(|a| classes.iter().zip(&y).map(|(c, &v)| v * chi(c.0, a)).sum::<i64>())
                .max()
                .expect("d >= 0");
            best = best.min(m);
            // Next y: odometer in steps of 2.
            let mut i = 0;
            loop {
                if i == y.len() {
                    return best;
                }
                if y[i] + 2 <= classes[i].1 as i64 {
                    y[i] += 2;
                    break;
                }
                y[i] = -(classes[i].1 as i64);
                i += 1;
            }
        }
    }

    #[test]
    fn reaches_the_optimum_on_small_codes_and_reports_exact_maxima() {
        let mut x = 0x1234_5678u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for case in 0..24 {
            let d = 3 + case % 3;
            let count = 4 + (next() % 4) as usize;
            let classes: Vec<(u64, usize)> = (0..count)
                .map(|_| (1 + next() % ((1 << d) - 1), 1 + (next() % 3) as usize))
                .collect();
            let start: Vec<i64> = classes.iter().map(|c| c.1 as i64).collect();
            let hole = search(&classes, d, &start, 30, 200);
            let exact = (0..1u64 << d)
                .map(|a| classes.iter().zip(&hole.y).map(|(c, &v)| v * chi(c.0, a)).sum::<i64>())
                .max()
                .unwrap();
            assert_eq!(hole.max, exact, "case {case}: the reported maximum is the vector's");
            assert_eq!(hole.max, brute(&classes, d), "case {case}: {classes:?}");
        }
    }
}
