//! Depth-first search for one path to a goal, remembering dead ends (a transposition table of
//! states proven not to lead to a goal), for graphs too large to search breadth-first from every
//! start but acyclic and finite (peg solitaire: every move removes a peg). Puzzle-agnostic: the
//! caller supplies the goal, a necessary condition for a goal to be reachable (`admissible`,
//! e.g. an invariant or a precomputed set), and the order in which to try successors.

use crate::engine::model::Model;
use std::collections::HashSet;
use std::hash::Hash;

/// How a search ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<A> {
    /// The actions of one path from the start to a goal.
    Found(Vec<A>),
    /// No goal is reachable: every admissible state reachable from the start was expanded (their
    /// number given). A proof relative to `admissible` being a true necessary condition.
    Exhausted { states: u64 },
    /// The state budget ran out first.
    GaveUp { states: u64 },
}

/// Searches from `start` for a state where `is_goal` holds, only entering states where
/// `admissible` holds, trying successors in the order `order` leaves them in (it sees the action
/// that led to the current state, if any), and giving up after `budget` expanded states.
/// A state on the current path and the successors still to try from it.
type Frame<M> = (<M as Model>::State, Vec<(<M as Model>::Action, <M as Model>::State)>);

/// Requires an acyclic graph (it keeps no path set).
pub fn find_path<M: Model>(
    model: &M,
    start: M::State,
    is_goal: impl Fn(M::State) -> bool,
    admissible: impl Fn(M::State) -> bool,
    order: impl Fn(Option<&M::Action>, &mut Vec<(M::Action, M::State)>),
    budget: u64,
) -> Outcome<M::Action>
where
    M::State: Hash + Eq,
{
    if is_goal(start) {
        return Outcome::Found(Vec::new());
    }
    if !admissible(start) {
        return Outcome::Exhausted { states: 0 };
    }
    let mut dead: HashSet<M::State> = HashSet::new();
    let mut expanded = 0u64;
    // One frame per state on the current path: its untried successors (tried from the back).
    let mut path: Vec<M::Action> = Vec::new();
    let mut frames: Vec<Frame<M>> = Vec::new();
    let expand = |state: M::State, last: Option<&M::Action>| {
        let mut next = Vec::new();
        model.successors(state, &mut next);
        order(last, &mut next);
        next.reverse();
        next
    };
    frames.push((start, expand(start, None)));
    expanded += 1;
    while let Some((state, next)) = frames.last_mut() {
        let state = *state;
        match next.pop() {
            Some((action, child)) => {
                if dead.contains(&child) || !admissible(child) {
                    continue;
                }
                path.push(action);
                if is_goal(child) {
                    return Outcome::Found(path);
                }
                if expanded >= budget {
                    return Outcome::GaveUp { states: expanded };
                }
                expanded += 1;
                let succ = expand(child, path.last());
                frames.push((child, succ));
            }
            None => {
                dead.insert(state);
                frames.pop();
                path.pop();
            }
        }
    }
    Outcome::Exhausted { states: expanded }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subsets of 0..n losing one element per move; moves remove element i only if i + 1 is
    /// absent or i is the largest: a small acyclic graph with dead ends.
    struct Shrink(u32);

    impl Model for Shrink {
        type State = u32;
        type Action = u32;
        fn successors(&self, s: u32, out: &mut Vec<(u32, u32)>) {
            for i in 0..self.0 {
                if s >> i & 1 == 1 && (i + 1 == self.0 || s >> (i + 1) & 1 == 0 || i % 3 == 0) {
                    out.push((i, s & !(1 << i)));
                }
            }
        }
    }

    fn reachable(m: &Shrink, s: u32, goal: &dyn Fn(u32) -> bool) -> bool {
        if goal(s) {
            return true;
        }
        let mut v = Vec::new();
        m.successors(s, &mut v);
        v.iter().any(|&(_, c)| reachable(m, c, goal))
    }

    #[test]
    fn finds_a_valid_path_exactly_when_one_exists() {
        let m = Shrink(10);
        for start in (0..1u32 << 10).step_by(7) {
            for target in [0b1u32, 0b10_0000_0000, 0b100, 0b11] {
                let goal = |s: u32| s == target;
                let out = find_path(&m, start, goal, |_| true, |_, _| {}, u64::MAX);
                match out {
                    Outcome::Found(path) => {
                        let mut s = start;
                        for a in path {
                            let mut v = Vec::new();
                            m.successors(s, &mut v);
                            s = v.iter().find(|(x, _)| *x == a).expect("legal action").1;
                        }
                        assert_eq!(s, target);
                    }
                    Outcome::Exhausted { .. } => assert!(!reachable(&m, start, &goal), "{start:b} -> {target:b}"),
                    Outcome::GaveUp { .. } => unreachable!(),
                }
            }
        }
        // A tiny budget gives up instead of claiming anything.
        let out = find_path(&m, (1 << 10) - 1, |s| s == 1, |_| true, |_, v| v.reverse(), 2);
        assert!(matches!(out, Outcome::GaveUp { .. } | Outcome::Found(_)));
    }
}
