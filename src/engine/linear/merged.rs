//! Exact subspace bounds at a node of the covering search (issue 40, method 3).
//!
//! At a node of [`super::covering`]'s search some classes have their y and the rest are free.
//! Restricting the characters a to a subspace W of dimension j merges the classes: class s goes
//! to t = (<w_1, s>, ..., <w_j, s>), and for a in W, Y(a) = F(a) + sum_t u_t (-1)^<b, t>, with F
//! the assigned classes' part and u_t the sum of the free classes' y in merged class t, which can
//! be any value of U_t's parity with |u_t| <= U_t (U_t: their total size). The node can be
//! pruned when no such u keeps every Y(a), a in W, at most B. Averaging bounds each Y(a) over a
//! coset separately; this decides the 2^j constraints together, exactly, by a small branch and
//! bound of its own (the same averaging over the subspaces of low bits prunes it). Merged class
//! t = 0 shifts every Y(a) alike, so it is taken at its least, -U_0, by the caller.

use super::walsh::add_term;

/// Is there u (u_t of U_t's parity, |u_t| <= U_t, for t in 1..2^j; u_0 = 0) whose transform is at
/// most `room[b]` at every b of GF(2)^j? `free[t]` = U_t (`free[0]` unused). `Some(answer)`, or
/// `None` once more than `budget` nodes were tried (the caller then prunes nothing).
pub fn merged_feasible(free: &[i64], room: &[i64], budget: u64) -> Option<bool> {
    let size = free.len();
    let j = size.trailing_zeros() as usize;
    debug_assert_eq!(room.len(), size);
    // Every value of the transform has the parity of the total of U (u_t has U_t's): round each
    // room down to it, which tightens the averages below.
    let parity = free[1..].iter().sum::<i64>() & 1;
    let room: Vec<i64> = room.iter().map(|&r| r - ((r - parity) & 1)).collect();
    let room = &room[..];
    // Quick exits: every u_t at its parity's least magnitude (often fits), and, with nothing
    // assigned yet, the averaging over each subspace of low bits (below).
    let mut p: Vec<i64> = free.iter().map(|&c| c & 1).collect();
    p[0] = 0;
    crate::engine::linear::walsh::walsh_hadamard(&mut p);
    if p.iter().zip(room).all(|(v, r)| v <= r) {
        return Some(true);
    }
    // rsum[i][b], b < 2^i: the sum of room over the 2^(j-i) extensions of b.
    let mut rsum: Vec<Vec<i64>> = vec![Vec::new(); j + 1];
    rsum[j] = room.to_vec();
    for i in (0..j).rev() {
        let up = &rsum[i + 1];
        rsum[i] = (0..1usize << i).map(|b| up[b] + up[b + (1 << i)]).collect();
    }
    // after[k][i]: the total of U_t over k < t < 2^i, from below[t] = U_1 + ... + U_{t-1}.
    let mut below = vec![0i64; size + 1];
    for t in 1..size {
        below[t + 1] = below[t] + free[t];
    }
    let after: Vec<Vec<i64>> = (0..size)
        .map(|k| (0..=j).map(|i| below[1 << i] - below[(k + 1).min(1 << i)]).collect())
        .collect();
    if !(0..=j).all(|i| (0..1usize << i).all(|b| -(after[0][i] << (j - i)) <= rsum[i][b])) {
        return Some(false);
    }
    let mut search = Merged {
        j,
        free,
        rsum: &rsum,
        after: &after,
        nodes: 0,
        budget,
    };
    let mut q = vec![0i64; size];
    search.assign(1, &mut q)
}

struct Merged<'a> {
    j: usize,
    free: &'a [i64],
    rsum: &'a [Vec<i64>],
    after: &'a [Vec<i64>],
    nodes: u64,
    budget: u64,
}

impl Merged<'_> {
    fn assign(&mut self, t: usize, q: &mut [i64]) -> Option<bool> {
        if t == q.len() {
            return Some(true);
        }
        let c = self.free[t];
        if c == 0 {
            return self.assign(t + 1, q);
        }
        // Most negative first: the constraints are upper bounds only.
        for v in (0..=c).map(|w| 2 * w - c) {
            self.nodes += 1;
            if self.nodes > self.budget {
                return None;
            }
            add_term(q, t, v);
            let fits = self.admissible(t, q);
            let r = if fits { self.assign(t + 1, q) } else { Some(false) };
            add_term(q, t, -v);
            match r {
                Some(true) => return Some(true),
                None => return None,
                Some(false) => {}
            }
        }
        Some(false)
    }

    /// After class t: averaging over the high bits i..j keeps the classes below 2^i, all set but
    /// those after t, which can lower each mean by at most their total.
    fn admissible(&self, t: usize, q: &[i64]) -> bool {
        let i0 = usize::BITS as usize - t.leading_zeros() as usize;
        (i0..=self.j).all(|i| {
            let f = self.after[t][i];
            let scale = self.j - i;
            (0..1usize << i).all(|b| (q[b] - f) << scale <= self.rsum[i][b])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every u, enumerated.
    fn brute(free: &[i64], room: &[i64]) -> bool {
        let size = free.len();
        let mut u = vec![0i64; size];
        for t in 1..size {
            u[t] = -free[t];
        }
        loop {
            let mut p = u.clone();
            crate::engine::linear::walsh::walsh_hadamard(&mut p);
            if p.iter().zip(room).all(|(v, r)| v <= r) {
                return true;
            }
            let mut t = 1;
            loop {
                if t == size {
                    return false;
                }
                if u[t] + 2 <= free[t] {
                    u[t] += 2;
                    break;
                }
                u[t] = -free[t];
                t += 1;
            }
        }
    }

    #[test]
    fn merged_feasible_matches_enumeration() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |m: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % m
        };
        let (mut yes, mut no) = (0, 0);
        for case in 0..400 {
            let j = 1 + case % 3;
            let size = 1usize << j;
            let free: Vec<i64> = (0..size).map(|t| if t == 0 { 0 } else { next(4) as i64 }).collect();
            let total: i64 = free.iter().sum();
            let room: Vec<i64> = (0..size)
                .map(|_| next(2 * total as u64 + 3) as i64 - total - 1)
                .collect();
            let want = brute(&free, &room);
            assert_eq!(
                merged_feasible(&free, &room, u64::MAX),
                Some(want),
                "free {free:?} room {room:?}"
            );
            if want {
                yes += 1;
            } else {
                no += 1;
            }
        }
        assert!(yes > 40 && no > 40, "both answers exercised: {yes} feasible, {no} not");
    }
}
