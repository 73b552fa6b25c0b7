//! Merson regions: sets of cells that, while every one holds a peg, no jump can touch except a
//! jump starting inside (Beasley, The Ins and Outs of Peg Solitaire, ch. 7, after D. R. Merson).
//! A jump over a cell of a full region lands on an empty cell, so outside it, and must then start
//! inside: a region is Merson exactly when every jump over one of its cells into a cell outside it
//! starts inside it. So the first move that changes a full region starts in it, and disjoint full
//! regions each cost a move of their own: the lower bound on moves of the studies.

use super::WideBoard;

/// Whether `region` is a Merson region of `board`: every jump over one of its cells into a cell
/// outside it starts inside it. The empty set is not a region.
pub fn is_merson(board: &WideBoard, region: u128) -> bool {
    region != 0
        && board
            .jump_triples()
            .iter()
            .all(|&(from, over, to)| region >> over & 1 == 0 || region >> to & 1 == 1 || region >> from & 1 == 1)
}

/// Every minimal Merson region of `board` (no smaller region inside it) of at most `max_size`
/// cells, sorted by size and then by cells. A minimal region is all a packing needs: any region
/// holds a minimal one, which is full whenever it is.
///
/// Grown from each cell as the region's lowest: while some jump over the region from outside
/// lands outside, the region needs that jump's start or its landing cell, and both are tried.
/// Every minimal region containing the seed lies on one of these branches (at each step it holds
/// the start or the landing of the jump that breaks the smaller set), so none is missed.
pub fn minimal_regions(board: &WideBoard, max_size: usize) -> Vec<u128> {
    let mut over: Vec<Vec<(usize, usize)>> = vec![Vec::new(); board.holes()];
    for (from, o, to) in board.jump_triples() {
        over[o].push((from, to));
    }
    let mut found: Vec<u128> = Vec::new();
    let mut stack: Vec<(u128, usize)> = (0..board.holes()).map(|c| (1u128 << c, c)).collect();
    while let Some((region, seed)) = stack.pop() {
        match breaking_jump(&over, region) {
            None => found.push(region),
            Some((from, to)) if (region.count_ones() as usize) < max_size => {
                for cell in [from, to].into_iter().filter(|&c| c > seed) {
                    stack.push((region | 1 << cell, seed));
                }
            }
            Some(_) => {}
        }
    }
    found.sort_unstable();
    found.dedup();
    let mut minimal: Vec<u128> = found
        .iter()
        .copied()
        .filter(|&r| !found.iter().any(|&q| q != r && q & r == q))
        .collect();
    minimal.sort_unstable_by_key(|&r| (r.count_ones(), r.reverse_bits()));
    minimal
}

/// A jump over a cell of `region` from outside it into a cell outside it: (from, to).
fn breaking_jump(over: &[Vec<(usize, usize)>], region: u128) -> Option<(usize, usize)> {
    let mut rest = region;
    while rest != 0 {
        let cell = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if let Some(&j) = over[cell]
            .iter()
            .find(|&&(from, to)| region >> from & 1 == 0 && region >> to & 1 == 0)
        {
            return Some(j);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition itself, by brute force on the triangle of side 5: a region is Merson when,
    /// from every position holding all its pegs, every legal jump that changes it starts inside.
    fn merson_by_positions(board: &WideBoard, region: u128) -> bool {
        let others = board.full() & !region;
        let free: Vec<usize> = (0..board.holes()).filter(|&c| others >> c & 1 == 1).collect();
        (0u64..1 << free.len()).all(|k| {
            let pegs = free
                .iter()
                .enumerate()
                .fold(region, |p, (i, &c)| p | ((k >> i & 1) as u128) << c);
            let mut ok = true;
            board.jumps(pegs, |from, over, to, _| {
                let touches = [from, over, to].iter().any(|&c| region >> c & 1 == 1);
                ok &= !touches || region >> from & 1 == 1;
            });
            ok
        })
    }

    #[test]
    fn regions_agree_with_the_definition_on_every_position() {
        let board = WideBoard::triangle(5).unwrap();
        let regions = minimal_regions(&board, 7);
        for &r in &regions {
            assert!(is_merson(&board, r) && merson_by_positions(&board, r));
        }
        // Every set of up to 3 cells: Merson by the rule exactly when by the positions, and each
        // Merson set holds one of the minimal regions.
        let n = board.holes();
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    let set = 1u128 << a | 1 << b | 1 << c;
                    let merson = is_merson(&board, set);
                    assert_eq!(merson, merson_by_positions(&board, set), "{a} {b} {c}");
                    if merson {
                        assert!(regions.iter().any(|&r| r & !set == 0), "{a} {b} {c}");
                    }
                }
            }
        }
    }

    /// The triangle's corners (never jumped over), the pairs of neighbouring edge cells, and the
    /// hexagons of seven whose centre is at least two rows in from each edge (Bell's count of Merson
    /// regions on the triangles).
    #[test]
    fn the_triangles_regions_are_corners_edge_pairs_and_hexagons() {
        for side in 4..=12usize {
            let board = WideBoard::triangle(side).unwrap();
            let regions = minimal_regions(&board, 9);
            let count = |size: u32| regions.iter().filter(|r| r.count_ones() == size).count();
            let hexagons = side.saturating_sub(6) * side.saturating_sub(5) / 2;
            assert_eq!(count(1), 3, "side {side}");
            assert_eq!(count(2), 3 * (side - 3), "side {side}");
            assert_eq!(count(7), hexagons, "side {side}");
            assert_eq!(regions.len(), 3 + 3 * (side - 3) + hexagons, "side {side}");
        }
    }
}
