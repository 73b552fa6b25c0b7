//! Lights Out on any graph (issue 39): the press matrix's rank against a plain, slow elimination
//! written here on random graphs, Sutner's theorem (under sigma-plus the all-on board is solvable
//! on every graph) on many random graphs, the square grid as a graph against the square sweep's
//! fast method, and bad graph files refused in one line with exit status 2, nothing written.

use crate::common::{ok, run, scratch};
use crate::parsers::Rng;
use statespace::puzzles::named_graphs::named;
use statespace::puzzles::press_graph::{GraphRule, PressGraph};

/// A random simple graph on `n` vertices, each pair an edge with probability `percent`.
fn random_graph(rng: &mut Rng, n: usize, percent: u64) -> (usize, Vec<(usize, usize)>) {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.chance(percent) {
                edges.push((a, b));
            }
        }
    }
    (n, edges)
}

/// The press matrix as rows of bools, from the edge list alone.
fn plain_matrix(n: usize, edges: &[(usize, usize)], plus: bool) -> Vec<Vec<bool>> {
    let mut m = vec![vec![false; n]; n];
    for (v, row) in m.iter_mut().enumerate() {
        row[v] = plus;
    }
    for &(a, b) in edges {
        m[a][b] = true;
        m[b][a] = true;
    }
    m
}

/// Gaussian elimination over GF(2) on rows of bools: the rank, and whether `target` is a sum
/// of rows (the matrix is symmetric, so rows and columns span the same space).
fn plain_rank_and_solvable(mut rows: Vec<Vec<bool>>, target: &[bool]) -> (usize, bool) {
    let n = target.len();
    let mut augmented: Vec<Vec<bool>> = rows
        .drain(..)
        .enumerate()
        .map(|(i, mut r)| {
            // One equation per vertex: the presses that toggle it, then whether it must toggle.
            r.push(target[i]);
            r
        })
        .collect();
    let mut rank = 0;
    for col in 0..n {
        let Some(p) = (rank..n).find(|&r| augmented[r][col]) else {
            continue;
        };
        augmented.swap(rank, p);
        let pivot = augmented[rank].clone();
        for (r, row) in augmented.iter_mut().enumerate() {
            if r != rank && row[col] {
                row.iter_mut().zip(&pivot).for_each(|(x, y)| *x ^= *y);
            }
        }
        rank += 1;
    }
    // Solvable iff no row is zero on the matrix and one on the target.
    let solvable = augmented.iter().all(|r| r[..n].iter().any(|&x| x) || !r[n]);
    (rank, solvable)
}

#[test]
fn ranks_of_random_graphs_agree_with_a_plain_elimination() {
    let mut rng = Rng::new(39);
    for trial in 0..300 {
        let n = 1 + rng.below(40) as usize;
        let percent = 5 + rng.below(60);
        let (n, edges) = random_graph(&mut rng, n, percent);
        let g = PressGraph::from_edges("random", n, &edges).unwrap();
        for (rule, plus) in [(GraphRule::SigmaPlus, true), (GraphRule::Sigma, false)] {
            let (rank, nullity) = g.rank(rule).unwrap();
            let (plain, _) = plain_rank_and_solvable(plain_matrix(n, &edges, plus), &vec![true; n]);
            assert_eq!(
                (rank, nullity),
                (plain, n - plain),
                "trial {trial}, {n} vertices, {rule:?}"
            );
        }
    }
}

#[test]
fn under_sigma_plus_the_all_on_board_is_solvable_on_every_random_graph() {
    // Sutner (1989): the all-ones vector is in the column space of A + I for every graph. Under
    // sigma (A alone) it is not: the test also finds graphs where it fails, so it can fail.
    let mut rng = Rng::new(1989);
    let mut sigma_unsolvable = 0;
    for trial in 0..500 {
        let n = 1 + rng.below(60) as usize;
        let percent = 3 + rng.below(50);
        let (n, edges) = random_graph(&mut rng, n, percent);
        let (_, solvable) = plain_rank_and_solvable(plain_matrix(n, &edges, true), &vec![true; n]);
        assert!(
            solvable,
            "trial {trial}: all-on unsolvable under sigma-plus on {n} vertices"
        );
        let (_, sigma) = plain_rank_and_solvable(plain_matrix(n, &edges, false), &vec![true; n]);
        sigma_unsolvable += usize::from(!sigma);
    }
    assert!(
        sigma_unsolvable > 0,
        "the check never saw an unsolvable all-on board under sigma"
    );
}

#[test]
fn square_grids_as_graphs_have_the_square_sweeps_nullities() {
    use statespace::puzzles::lightsout::{Rule, Topology};
    for n in 1..=40 {
        let g = named(&format!("grid-{n}x{n}")).unwrap();
        let (fast, _) = statespace::studies::lightsout::nullity::single(Rule::Plus, Topology::Open, n).unwrap();
        assert_eq!(g.rank(GraphRule::SigmaPlus).unwrap().1, fast, "{n}x{n}");
    }
}

#[test]
fn rank_prints_nullity_and_rank_for_files_and_names() {
    let dir = scratch("graphs-rank");
    let edges = dir.join("petersen.edges");
    // The Petersen graph as an edge list, with a comment and a declared count.
    let mut text = String::from("# the Petersen graph\nvertices 10\n");
    for i in 0..5 {
        text += &format!(
            "{} {}\n{} {}\n{} {}\n",
            i,
            (i + 1) % 5,
            i,
            5 + i,
            5 + i,
            5 + (i + 2) % 5
        );
    }
    std::fs::write(&edges, text).unwrap();
    let from_file = ok(&["lightsout", "rank", "--graph", edges.to_str().unwrap()]);
    let from_name = ok(&["lightsout", "rank", "--named", "petersen"]);
    let line = |o: &std::process::Output| {
        let s = String::from_utf8_lossy(&o.stdout).to_string();
        s[s.find("nullity").expect("a nullity")..s.find("; method").expect("a method")].to_string()
    };
    let g = named("petersen").unwrap();
    let (rank, nullity) = g.rank(GraphRule::SigmaPlus).unwrap();
    assert_eq!(line(&from_file), format!("nullity {nullity}, rank {rank}"));
    assert_eq!(line(&from_file), line(&from_name));
    let board = dir.join("hex.board");
    std::fs::write(&board, "lattice: hexagonal\nooo\nooo\nooo\n").unwrap();
    let hex = ok(&[
        "lightsout",
        "rank",
        "--board-file",
        board.to_str().unwrap(),
        "--rule",
        "sigma",
    ]);
    let (rank, nullity) = named("hex-3").unwrap().rank(GraphRule::Sigma).unwrap();
    assert_eq!(line(&hex), format!("nullity {nullity}, rank {rank}"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_bad_graph_file_exits_with_status_2_in_one_line() {
    let dir = scratch("graphs-bad");
    let cases: [(&str, &[u8], &str); 8] = [
        ("--graph", b"0 1\n1 1\n", "line 2: edge 1 1 is a self-loop"),
        ("--graph", b"0 1\n1 2\n1 0\n", "line 3: edge 1 0 is listed twice"),
        ("--graph", b"vertices 3\n0 1\n2 3\n", "line 3: vertex 3 is out of range"),
        ("--graph", b"# nothing here\n\n", "the graph is empty"),
        ("--graph", b"0 1 2\n", "line 1: expected two vertex numbers"),
        ("--graph", b"0 -1\n", "line 1: \"-1\" is not a vertex number"),
        (
            "--board-file",
            b"lattice: hexagonal\noo\nox\n",
            "line 3, column 2: unknown character 'x'",
        ),
        (
            "--board-file",
            b"lattice: triangular\nooo\n",
            "line 1, column 1: expected `lattice: square` or",
        ),
    ];
    for (i, (flag, bytes, needle)) in cases.iter().enumerate() {
        let file = dir.join(format!("bad{i}"));
        std::fs::write(&file, bytes).unwrap();
        let o = run(&["lightsout", "rank", flag, file.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "case {i}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "case {i}: {err}");
        assert!(err.contains(needle) && !err.contains("panicked"), "case {i}: {err}");
        assert!(o.stdout.is_empty(), "case {i} printed a result");
    }
    let unknown = run(&["lightsout", "rank", "--named", "cubes"]);
    assert_eq!(unknown.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("unknown graph \"cubes\""));
    let _ = std::fs::remove_dir_all(&dir);
}
