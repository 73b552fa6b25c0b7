//! The traits a puzzle implements for the graph engines: [`Model`] (successors), and where it can
//! [`Reversible`] (predecessors) and [`Ranked`] (a dense rank per state), plus [`Reversed`], the
//! reverse graph of a reversible model.

/// A transition system: only describes, never searches (cf. stateright's `Model`).
pub trait Model: Sync {
    type State: Copy + Ord + Send + Sync + std::fmt::Debug;
    type Action: Copy + Send + Sync + std::fmt::Debug;
    /// Appends every `(action, next_state)` legal from `state` to `out`, in a fixed order.
    fn successors(&self, state: Self::State, out: &mut Vec<(Self::Action, Self::State)>);
}

/// A model whose moves can be undone: `predecessors(s)` lists every `(action, p)` with
/// `(action, s)` in `successors(p)`.
pub trait Reversible: Model {
    fn predecessors(&self, state: Self::State, out: &mut Vec<(Self::Action, Self::State)>);
}

/// A model whose states have a dense rank in `0..space_size()`, so visited sets can be flat
/// bit arrays instead of hash sets (cf. twsearch).
pub trait Ranked: Model {
    fn space_size(&self) -> u64;
    fn rank(&self, state: Self::State) -> u64;
    fn unrank(&self, rank: u64) -> Self::State;
}

/// The reverse graph of a [`Reversible`] model: searching it forward searches the original
/// backward (e.g. "which positions can still reach a goal").
pub struct Reversed<'a, M>(pub &'a M);

impl<M: Reversible> Model for Reversed<'_, M> {
    type State = M::State;
    type Action = M::Action;
    fn successors(&self, state: Self::State, out: &mut Vec<(Self::Action, Self::State)>) {
        self.0.predecessors(state, out)
    }
}

impl<M: Reversible> Reversible for Reversed<'_, M> {
    fn predecessors(&self, state: Self::State, out: &mut Vec<(Self::Action, Self::State)>) {
        self.0.successors(state, out)
    }
}

impl<M: Reversible + Ranked> Ranked for Reversed<'_, M> {
    fn space_size(&self) -> u64 {
        self.0.space_size()
    }
    fn rank(&self, state: Self::State) -> u64 {
        self.0.rank(state)
    }
    fn unrank(&self, rank: u64) -> Self::State {
        self.0.unrank(rank)
    }
}
