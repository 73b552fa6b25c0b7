//! Beam search for short paths where exhaustive search is out of reach: level by level, keep the
//! `width` best distinct states by a score, expand only those. It finds *a* path, not a proven
//! shortest one: its length is an upper bound. Puzzle-agnostic: the caller gives the expansion
//! (labelled steps), the goal, a necessary condition for the goal to stay reachable, and the
//! score (lower is better; ties broken by the state, so runs are deterministic).

use rayon::prelude::*;
use std::hash::Hash;

/// Searches from `start` for a goal in as few steps as the beam finds; `None` when the beam
/// empties first (which proves nothing). Steps are those of `expand`; at most `max_steps` levels.
pub fn search<S, L, K>(
    start: S,
    expand: impl Fn(S) -> Vec<(L, S)> + Sync,
    is_goal: impl Fn(S) -> bool + Sync,
    admissible: impl Fn(S) -> bool + Sync,
    score: impl Fn(S) -> K + Sync,
    width: usize,
    max_steps: usize,
) -> Option<Vec<L>>
where
    S: Copy + Ord + Hash + Send + Sync,
    L: Clone + Send + Sync,
    K: Ord + Send,
{
    if is_goal(start) {
        return Some(Vec::new());
    }
    if width == 0 {
        return None;
    }
    // Each kept state with the index of its parent entry in the previous level and its label.
    let mut levels: Vec<Vec<(S, usize, Option<L>)>> = vec![vec![(start, 0, None)]];
    for _ in 0..max_steps {
        let current = levels.last().expect("a level");
        let children: Vec<(S, usize, L)> = current
            .par_iter()
            .enumerate()
            .flat_map_iter(|(i, &(s, _, _))| {
                expand(s)
                    .into_iter()
                    .filter(|(_, c)| admissible(*c))
                    .map(move |(l, c)| (c, i, l))
            })
            .collect();
        if let Some((c, i, l)) = children
            .iter()
            .filter(|(c, _, _)| is_goal(*c))
            .min_by_key(|(c, i, _)| (*c, *i))
        {
            // Rebuild the path through the parents.
            let mut path = vec![l.clone()];
            let mut at = *i;
            for level in levels.iter().rev() {
                if let Some(label) = &level[at].2 {
                    path.push(label.clone());
                }
                at = level[at].1;
            }
            let _ = c;
            path.reverse();
            return Some(path);
        }
        // Distinct states, the first child of each kept (children are in parent order, so
        // deterministic): sorted by (state, index), the first of each run of equal states.
        let mut order: Vec<(S, usize)> = children.par_iter().enumerate().map(|(j, (c, _, _))| (*c, j)).collect();
        order.par_sort_unstable();
        order.dedup_by_key(|e| e.0);
        if order.is_empty() {
            return None;
        }
        let mut keyed: Vec<(K, S, usize)> = order.into_par_iter().map(|(c, j)| (score(c), c, j)).collect();
        let by_score = |a: &(K, S, usize), b: &(K, S, usize)| (&a.0, a.1).cmp(&(&b.0, b.1));
        if keyed.len() > width {
            keyed.select_nth_unstable_by(width - 1, by_score);
            keyed.truncate(width);
        }
        keyed.par_sort_unstable_by(by_score);
        let kept: Vec<(S, usize, Option<L>)> = keyed
            .into_iter()
            .map(|(_, c, j)| (c, children[j].1, Some(children[j].2.clone())))
            .collect();
        levels.push(kept);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_shortest_path_with_a_wide_beam_and_replays() {
        // Numbers 1..: steps +3 or *2; reach 40 from 1. With a beam wider than the level sizes,
        // the search is a BFS, so the path is shortest (checked by a plain BFS).
        let expand = |s: u32| vec![('+', s + 3), ('*', s * 2)];
        let path = search(1u32, expand, |s| s == 40, |s| s <= 40, std::cmp::Reverse, 1 << 20, 20).unwrap();
        let mut s = 1;
        for &l in &path {
            s = if l == '+' { s + 3 } else { s * 2 };
        }
        assert_eq!(s, 40);
        let mut dist = std::collections::HashMap::from([(1u32, 0usize)]);
        let mut frontier = vec![1u32];
        while !dist.contains_key(&40) {
            let mut next = Vec::new();
            for &x in &frontier {
                for (_, y) in expand(x) {
                    if y <= 40 && !dist.contains_key(&y) {
                        dist.insert(y, dist[&x] + 1);
                        next.push(y);
                    }
                }
            }
            frontier = next;
        }
        assert_eq!(path.len(), dist[&40]);
        // A beam of one still returns a valid path or nothing.
        if let Some(p) = search(1u32, expand, |s| s == 40, |s| s <= 40, std::cmp::Reverse, 1, 20) {
            assert!(p.len() >= dist[&40]);
        }
    }
}
