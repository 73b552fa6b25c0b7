//! The packed board graph (shifts in a padded grid) against the board's jump list (`BoardGraph`,
//! one test per jump) on every built-in board and on random boards of every lattice, in both
//! word widths, and on the triangles against the triangle study's own `PackedTriangle`: the
//! same successors and predecessors (with their jumps), invariant and flips.

use crate::parsers::Rng;
use statespace::engine::layered::SubsetGraph;
use statespace::engine::Reversible;
use statespace::puzzles::board::graph::BoardGraph;
use statespace::puzzles::board::packed::PackedBoard;
use statespace::puzzles::board::{Board, Lattice};
use statespace::puzzles::peg::{Jump, Triangle};
use statespace::puzzles::peg_bits::{Lanes, Packed};

type Moves = Vec<(Jump, u64)>;

fn sorted(mut v: Moves) -> Moves {
    v.sort_by_key(|(j, c)| (j.from, j.over, j.to, *c));
    v
}

fn listed(g: &impl SubsetGraph, s: u64, backward: bool) -> Vec<u64> {
    let mut out = Vec::new();
    let f = |c| {
        out.push(c);
        false
    };
    if backward {
        g.any_predecessor(s, f);
    } else {
        g.any_successor(s, f);
    }
    out.sort_unstable();
    out
}

fn moves<M: Reversible<State = u64, Action = Jump>>(m: &M, s: u64, backward: bool) -> Moves {
    let mut out = Vec::new();
    if backward {
        m.predecessors(s, &mut out);
    } else {
        m.successors(s, &mut out);
    }
    sorted(out)
}

/// Random positions of `board` (dense, and sparse or nearly full ones) with their moves both ways
/// on `packed` and on the jump list.
fn check_against_jump_list<W: Lanes>(board: &Board, packed: &PackedBoard<W>, rng: &mut Rng, samples: usize) {
    let list = BoardGraph::new(board);
    let name = board.name();
    assert_eq!(packed.universe(), board.holes(), "{name}");
    assert!(packed.complement_reverses_moves());
    for i in 0..samples {
        let s = match i % 3 {
            0 => rng.next(),
            1 => rng.next() & rng.next(),
            _ => rng.next() | rng.next(),
        } & board.full();
        for backward in [false, true] {
            let want = moves(&list, s, backward);
            assert_eq!(moves(packed, s, backward), want, "{name} {s:b} backward {backward}");
            let boards = listed(packed, s, backward);
            assert_eq!(boards, listed(&list, s, backward), "{name} {s:b} backward {backward}");
            let mut from_moves: Vec<u64> = want.iter().map(|m| m.1).collect();
            from_moves.sort_unstable();
            assert_eq!(boards, from_moves, "{name} {s:b} backward {backward}");
        }
        assert_eq!(packed.invariant(s), list.invariant(s), "{name} {s:b}");
        let v = list.invariant(s);
        for classes in [0u64, 1 << v, !(1 << v), u64::MAX] {
            let mut seen = Vec::new();
            let any = packed.any_predecessor_in(s, classes, |p| {
                seen.push(p);
                false
            });
            assert!(!any);
            seen.sort_unstable();
            let want = if classes >> v & 1 == 1 {
                listed(&list, s, true)
            } else {
                Vec::new()
            };
            assert_eq!(seen, want, "{name} {s:b} classes {classes:b}");
            assert_eq!(packed.any_predecessor_in(s, classes, |_| true), !want.is_empty());
        }
        assert_eq!(packed.has_jump(s), board.has_jump(s), "{name} {s:b}");
    }
    let mask = rng.next() & board.full();
    let flips = |g: &dyn Fn(u64) -> Option<Vec<(u64, u64)>>| {
        let mut f = g(mask).expect("jump flips");
        f.sort_unstable();
        f
    };
    assert_eq!(
        flips(&|m| packed.moves_changing(m)),
        flips(&|m| list.moves_changing(m)),
        "{name} mask {mask:b}"
    );
}

fn check_both_widths(board: &Board, rng: &mut Rng, samples: usize) -> usize {
    let mut widths = 0;
    if let Some(p) = PackedBoard::<u64>::new(board) {
        check_against_jump_list(board, &p, rng, samples);
        widths += 1;
    }
    if let Some(p) = PackedBoard::<u128>::new(board) {
        check_against_jump_list(board, &p, rng, samples);
        widths += 1;
    }
    widths
}

#[test]
fn packed_boards_have_the_moves_of_their_jump_lists() {
    let mut rng = Rng::new(38);
    let mut names: Vec<String> = ["english", "european", "wiegleb"].map(String::from).to_vec();
    names.extend((3..=10).map(|n| format!("triangle-{n}")));
    names.extend((3..=7).map(|n| format!("diamond-{n}")));
    names.extend((2..=4).map(|n| format!("hexagon-{n}")));
    for name in &names {
        let board = Board::named(name).unwrap();
        let widths = check_both_widths(&board, &mut rng, 400);
        // Every built-in board fits a word: 64 bits up to a padded 8 x 8, 128 beyond.
        assert!(widths >= 1, "{name} fits no word");
    }
    let english = Board::named("english").unwrap();
    assert!(
        PackedBoard::<u64>::new(&english).is_some(),
        "the English board's 7 x 7 grid fits 64 bits"
    );
    let wiegleb = Board::named("wiegleb").unwrap();
    assert!(PackedBoard::<u64>::new(&wiegleb).is_none() && PackedBoard::<u128>::new(&wiegleb).is_some());
}

/// Random boards of every lattice in windows up to 12 x 12 (so some fit 64 bits, some only
/// 128, some neither), with up to 56 cells.
#[test]
fn random_packed_boards_of_every_lattice_have_the_moves_of_their_jump_lists() {
    let mut rng = Rng::new(0x5eed);
    let lattices = [Lattice::Square, Lattice::SquareDiagonal, Lattice::Triangular];
    let (mut checked, mut neither) = (0, 0);
    for round in 0..300 {
        let lattice = lattices[round % 3];
        let (rows, cols) = (1 + rng.below(12) as i32, 1 + rng.below(12) as i32);
        let fill = 30 + rng.below(71);
        let cells: Vec<(i32, i32)> = (0..rows)
            .flat_map(|r| (0..cols).map(move |c| (r, c)))
            .filter(|_| rng.below(100) < fill)
            .take(56)
            .collect();
        let Ok(board) = Board::from_cells(&format!("random {round}"), lattice, &cells) else {
            continue;
        };
        match check_both_widths(&board, &mut rng, 60) {
            0 => neither += 1,
            _ => checked += 1,
        }
    }
    assert!(checked > 150, "{checked} random boards checked");
    assert!(neither < 150, "{neither} random boards fit no word");
}

fn check_triangle<W: Lanes>(side: usize, rng: &mut Rng) {
    let t = Triangle::new(side).unwrap();
    let board = Board::named(&format!("triangle-{side}")).unwrap();
    let theirs = Packed::<W>::new(&t);
    let ours = PackedBoard::<W>::new(&board).expect("a triangle fits its word");
    for _ in 0..2000 {
        let s = rng.next() & t.full();
        for backward in [false, true] {
            assert_eq!(
                moves(&ours, s, backward),
                moves(&theirs, s, backward),
                "side {side} {s:b}"
            );
            assert_eq!(
                listed(&ours, s, backward),
                listed(&theirs, s, backward),
                "side {side} {s:b}"
            );
        }
        // Both invariants decide the same classes (the basis may differ, the partition not)
        // from side 4 on; side 3's three lines leave more classes than the triangle's colouring.
        if side < 4 {
            continue;
        }
        let same = |x: u64| ours.invariant(x) == ours.invariant(s);
        let theirs_same = |x: u64| theirs.invariant(x) == theirs.invariant(s);
        let other = rng.next() & t.full();
        assert_eq!(same(other), theirs_same(other), "side {side} {s:b} {other:b}");
    }
}

#[test]
fn packed_triangles_have_the_moves_of_the_triangle_study() {
    let mut rng = Rng::new(7);
    for side in 3..=8 {
        check_triangle::<u64>(side, &mut rng);
    }
    for side in 3..=9 {
        check_triangle::<u128>(side, &mut rng);
    }
}
