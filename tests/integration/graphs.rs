//! Lights Out on any graph (issue 39): the press matrix's rank against a plain, slow elimination
//! written here on random graphs, Sutner's theorem (under sigma-plus the all-on board is solvable
//! on every graph) on many random graphs, the square grid as a graph against the square sweep's
//! fast method, and bad graph files refused in one line with exit status 2, nothing written.

use crate::common::{ok, read_csv, run, scratch};
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
fn the_triangles_with_one_solution_are_the_published_sides() {
    // A Piece of the Pi (tests/data/sources/pieceofpi_triangle.txt): the triangular Lights Out
    // game has a unique solution for every board at sides 1, 3, 4, 7, 8, 9, 11, 15, 16, 17, 20 and
    // 21. The triangle of hexagonal cells, its edges written here and ranked by a plain
    // elimination, and through the tool's named graph `triangle-N`.
    const PUBLISHED: [usize; 12] = [1, 3, 4, 7, 8, 9, 11, 15, 16, 17, 20, 21];
    let mut unique = Vec::new();
    for n in 1..=21usize {
        let index = |r: usize, c: usize| r * (r + 1) / 2 + c;
        let mut edges = Vec::new();
        for r in 0..n {
            for c in 0..=r {
                if c < r {
                    edges.push((index(r, c), index(r, c + 1)));
                }
                if r + 1 < n {
                    edges.push((index(r, c), index(r + 1, c)));
                    edges.push((index(r, c), index(r + 1, c + 1)));
                }
            }
        }
        let v = n * (n + 1) / 2;
        let (rank, _) = plain_rank_and_solvable(plain_matrix(v, &edges, true), &vec![true; v]);
        let (tool_rank, _) = named(&format!("triangle-{n}"))
            .unwrap()
            .rank(GraphRule::SigmaPlus)
            .unwrap();
        assert_eq!(tool_rank, rank, "triangle-{n}");
        if rank == v {
            unique.push(n);
        }
    }
    assert_eq!(unique, PUBLISHED);
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

/// Fewest presses of every board of a small graph by breadth-first search over boards (one
/// press per step, from the dark board): index = board as bits, None = unreachable.
fn plain_distances(n: usize, edges: &[(usize, usize)], plus: bool) -> Vec<Option<u32>> {
    let m = plain_matrix(n, edges, plus);
    let toggles: Vec<usize> = (0..n)
        .map(|p| (0..n).filter(|&v| m[v][p]).fold(0usize, |b, v| b | 1 << v))
        .collect();
    let mut dist = vec![None; 1 << n];
    dist[0] = Some(0);
    let mut frontier = vec![0usize];
    let mut d = 0;
    while !frontier.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in frontier {
            for t in &toggles {
                if dist[b ^ t].is_none() {
                    dist[b ^ t] = Some(d);
                    next.push(b ^ t);
                }
            }
        }
        frontier = next;
    }
    dist
}

/// A small random graph's press matrix under one rule, through the tool.
fn tool_matrix(n: usize, edges: &[(usize, usize)], rule: GraphRule) -> statespace::engine::gf2::BitMatrix {
    PressGraph::from_edges("random", n, edges)
        .unwrap()
        .press_matrix(rule)
        .unwrap()
}

#[test]
fn fewest_presses_and_histograms_on_random_graphs_agree_with_a_search_over_boards() {
    use statespace::studies::lightsout::{graphs, histogram};
    let mut rng = Rng::new(4039);
    for trial in 0..60 {
        let n = 2 + rng.below(13) as usize;
        let percent = 10 + rng.below(50);
        let (n, edges) = random_graph(&mut rng, n, percent);
        for (rule, plus) in [(GraphRule::SigmaPlus, true), (GraphRule::Sigma, false)] {
            let dist = plain_distances(n, &edges, plus);
            let a = tool_matrix(n, &edges, rule);
            // The histogram by both of the tool's methods against the search.
            let mut plain = vec![0u64; 0];
            for d in dist.iter().flatten() {
                if plain.len() <= *d as usize {
                    plain.resize(*d as usize + 1, 0);
                }
                plain[*d as usize] += 1;
            }
            let as_u64 = |c: &[num_bigint::BigUint]| -> Vec<u64> {
                c.iter().map(|x| u64::try_from(x.clone()).unwrap()).collect()
            };
            let exhaustive = histogram::exhaustive_counts(&a).unwrap();
            assert_eq!(as_u64(&exhaustive), plain, "trial {trial}: exhaustive, {rule:?}");
            if histogram::matrix_out_of_reach(&a, "random").unwrap().is_none() {
                let (by_signatures, _, _) = histogram::signature_counts(&a, "random").unwrap();
                assert_eq!(as_u64(&by_signatures), plain, "trial {trial}: signatures, {rule:?}");
            }
            // Fewest presses of a few boards, each solution replayed.
            for _ in 0..8 {
                let board = rng.below(1 << n) as usize;
                let got = graphs::fewest(&a, &[board as u64]).unwrap();
                match (dist[board], got) {
                    (None, None) => {}
                    (Some(d), Some(f)) => {
                        assert_eq!(f.count, d as u64, "trial {trial}: board {board:b}, {rule:?}");
                        let cleared = a.mul_vec(&f.presses)[0] as usize;
                        assert_eq!(cleared, board, "trial {trial}: the presses do not clear the board");
                    }
                    (want, got) => panic!("trial {trial}: board {board:b}: search {want:?}, tool {got:?}"),
                }
            }
        }
    }
}

#[test]
fn gods_bounds_on_random_graphs_hold_the_searched_gods_number() {
    // The class arithmetic's bounds (witness, parity bound, branch and bound) against the deepest
    // board of a breadth-first search over boards: lower <= God's <= upper, equal when exact, and
    // the witness needs exactly `lower` presses by the search.
    use statespace::engine::progress::Counters;
    use statespace::studies::lightsout::gods::Effort;
    use statespace::studies::lightsout::graph_gods::{gods, GodsEffort};
    use statespace::studies::lightsout::graphs::GraphGame;
    let mut rng = Rng::new(1989);
    let mut exact = 0;
    for trial in 0..80 {
        let n = 2 + rng.below(13) as usize;
        let percent = 10 + rng.below(60);
        let (n, edges) = random_graph(&mut rng, n, percent);
        for (rule, plus) in [(GraphRule::SigmaPlus, true), (GraphRule::Sigma, false)] {
            let dist = plain_distances(n, &edges, plus);
            let deepest = dist.iter().flatten().max().copied().unwrap() as usize;
            let game = GraphGame {
                graph: PressGraph::from_edges("random", n, &edges).unwrap(),
                rule,
            };
            let budget = if trial % 2 == 0 { 1 << 28 } else { 0 };
            let effort = GodsEffort {
                restarts: 2,
                budget,
                effort: Effort::default(),
            };
            let r = gods(&game, &effort, &Counters::default()).unwrap();
            assert!(
                r.lower <= deepest && deepest <= r.upper,
                "trial {trial} {rule:?}: {r:?} vs {deepest}"
            );
            let witness = r.witness[0] as usize;
            assert_eq!(
                dist[witness],
                Some(r.lower as u32),
                "trial {trial} {rule:?}: the witness"
            );
            if let Some(g) = r.exact() {
                assert_eq!(g, deepest, "trial {trial} {rule:?}: {}", r.method);
                exact += 1;
            }
        }
    }
    assert!(exact > 100, "only {exact} of 160 settled");
}

#[test]
fn an_all_on_solution_has_the_parity_of_the_rank() {
    // Batal (2022): the size of any odd dominating set (a solution of (A + I) x = 1) has the
    // parity of rank(A + I). Checked on the tool's fewest all-on presses.
    use statespace::studies::lightsout::graphs;
    let mut rng = Rng::new(2022);
    for trial in 0..200 {
        let n = 1 + rng.below(70) as usize;
        let percent = 3 + rng.below(40);
        let (n, edges) = random_graph(&mut rng, n, percent);
        let a = tool_matrix(n, &edges, GraphRule::SigmaPlus);
        let rank = a.rank();
        if a.cols() - rank > 20 {
            continue;
        }
        let f = graphs::fewest(&a, &graphs::all_on(n))
            .unwrap()
            .expect("Sutner: solvable");
        assert_eq!(f.count % 2, rank as u64 % 2, "trial {trial}: {n} vertices");
    }
}

#[test]
fn every_board_command_takes_a_graph() {
    let dir = scratch("graphs-commands");
    let out = dir.to_str().unwrap();
    let text = |o: &std::process::Output| String::from_utf8_lossy(&o.stdout).to_string();
    // histogram: the icosahedron under sigma is Jaap's Orbix, 2^12 positions by binomials.
    let h = ok(&[
        "lightsout",
        "histogram",
        "--named",
        "icosahedron",
        "--rule",
        "sigma",
        "--out",
        out,
    ]);
    assert!(text(&h).contains("God's number 12"), "{}", text(&h));
    let csv = std::fs::read_to_string(dir.join("histogram_sigma_icosahedron.csv")).unwrap();
    let counts: Vec<&str> = csv.lines().skip(1).map(|l| l.split(',').nth(2).unwrap()).collect();
    let binomials = ["1.0", "12.0", "66.0", "220.0", "495.0", "792.0", "924.0"];
    assert_eq!(&counts[..7], &binomials, "{csv}");
    // quiet on a board picture: the basis rows name vertices of the picture.
    let board = dir.join("hex.board");
    std::fs::write(&board, "lattice: hexagonal\noo\nooo\n oo\n").unwrap();
    let q = ok(&[
        "lightsout",
        "quiet",
        "--board-file",
        board.to_str().unwrap(),
        "--out",
        out,
    ]);
    let g = PressGraph::parse_picture("lattice: hexagonal\noo\nooo\n oo\n", "hex").unwrap();
    let (_, nullity) = g.rank(GraphRule::SigmaPlus).unwrap();
    assert!(text(&q).contains(&format!("nullity {nullity}")), "{}", text(&q));
    assert!(dir.join("quiet_sigma-plus_hex.csv").exists());
    if nullity > 0 {
        assert!(dir.join("quiet_sigma-plus_hex.png").exists() && dir.join("quiet_sigma-plus_hex.svg").exists());
    }
    // quiet pictures: the 5 x 5 rhombus under sigma has nullity 5, drawn as hexagons.
    let rhombus = dir.join("rhombus.board");
    std::fs::write(&rhombus, "lattice: hexagonal\nooooo\nooooo\nooooo\nooooo\nooooo\n").unwrap();
    let q = ok(&[
        "lightsout",
        "quiet",
        "--board-file",
        rhombus.to_str().unwrap(),
        "--rule",
        "sigma",
        "--out",
        out,
    ]);
    assert!(
        text(&q).contains("nullity 5") && text(&q).contains("picture"),
        "{}",
        text(&q)
    );
    let svg = std::fs::read_to_string(dir.join("quiet_sigma_rhombus.svg")).unwrap();
    assert_eq!(svg.matches("<polygon").count(), 5 * 25, "five patterns of 25 hexagons");
    // gods: the hypercube Q_5 under sigma-plus is settled (8, the all-on board's presses), and
    // Q_6 under sigma gets proven bounds with the all-on board as the witness.
    let g = ok(&["lightsout", "gods", "--named", "hypercube-5", "--out", out]);
    assert!(text(&g).contains("God's number 8 "), "{}", text(&g));
    let rows = read_csv(&dir.join("gods_sigma-plus_hypercube-5.csv"));
    assert_eq!(rows[0]["gods_number"], "8.0");
    assert_eq!(rows[0]["witness_presses"].matches('#').count(), 8);
    let g = ok(&[
        "lightsout",
        "gods",
        "--named",
        "hypercube-6",
        "--rule",
        "sigma",
        "--active-rounds",
        "1",
        "--out",
        out,
    ]);
    assert!(text(&g).contains("between 16 and 31"), "{}", text(&g));
    let rows = read_csv(&dir.join("gods_sigma_hypercube-6.csv"));
    assert_eq!(rows[0]["witness_lights"], "#".repeat(64));
    // solve: the all-on board of the Petersen graph, and a board file, presses written.
    let s = ok(&["lightsout", "solve", "--named", "petersen", "--all-ones"]);
    assert!(text(&s).contains("presses at fewest"), "{}", text(&s));
    let lights = dir.join("petersen.lights");
    // Every vertex lit (solvable under sigma-plus on every graph), as a file.
    std::fs::write(&lights, "11111\n11111\n").unwrap();
    let presses = dir.join("petersen.presses");
    let s = ok(&[
        "lightsout",
        "solve",
        lights.to_str().unwrap(),
        "--named",
        "petersen",
        "--presses",
        presses.to_str().unwrap(),
    ]);
    let pressed = std::fs::read_to_string(&presses).unwrap();
    let count = pressed.trim().chars().filter(|&c| c == '1').count();
    assert!(
        text(&s).contains(&format!("takes {count} presses")),
        "{} / {pressed}",
        text(&s)
    );
    // nullity and dense on a graph print what rank prints.
    for cmd in ["nullity", "dense", "rank"] {
        let o = ok(&["lightsout", cmd, "--named", "dodecahedron", "--rule", "sigma"]);
        assert!(text(&o).contains("nullity 4, rank 16"), "{cmd}: {}", text(&o));
    }
    // family: the cycles' sweep file and chart.
    let f = ok(&[
        "lightsout",
        "family",
        "--family",
        "cycle",
        "--max-n",
        "12",
        "--out",
        out,
    ]);
    assert!(text(&f).contains("cycle"), "{}", text(&f));
    let sweep = std::fs::read_to_string(dir.join("nullity_sigma-plus_cycle.csv")).unwrap();
    assert!(sweep.starts_with("n,vertices,edges,rank,nullity,log2_solvable_fraction,all_on_solvable\n"));
    assert!(sweep.contains("\n6,6,6,4,2,-2,true\n"), "{sweep}");
    assert!(dir.join("nullity_sigma-plus_cycle.png").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn board_commands_refuse_a_graph_with_square_flags() {
    let cases: [(&[&str], &str); 8] = [
        (&["gods", "--named", "petersen", "--max-n", "9"], "cannot be used with"),
        (&["gods", "--max-n", "9", "--rule", "sigma"], "--rule is a graph's"),
        (
            &["histogram", "--n", "5", "--named", "petersen"],
            "give it or a graph, not both",
        ),
        (
            &["quiet", "--named", "petersen", "--topology", "torus"],
            "--topology is for square boards",
        ),
        (
            &["nullity", "--named", "petersen", "--rule", "block"],
            "--rule block is the square board's",
        ),
        (
            &["histogram", "--n", "5", "--rule", "sigma"],
            "--rule sigma is for graphs",
        ),
        (
            &["solve", "--named", "petersen", "--all-ones", "5"],
            "--all-ones takes no N on a graph",
        ),
        (
            &["histogram", "--named", "hypercube-7"],
            "too large for the signature method",
        ),
    ];
    for (args, needle) in cases {
        let mut full = vec!["lightsout"];
        full.extend_from_slice(args);
        let o = run(&full);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?} succeeded");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(needle) && !err.contains("panicked"), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?} printed a result");
    }
}

#[test]
fn a_motif_without_holes_tiles_the_plain_grids() {
    use statespace::puzzles::lightsout::{Rule, Topology};
    use statespace::studies::lightsout::graphs::{sweep, sweep_tiling, Family, Tiling};
    let square = Tiling::parse("lattice: square\noo\noo\n", "full").unwrap();
    for row in sweep_tiling(&square, GraphRule::SigmaPlus, 30).unwrap() {
        let (fast, _) = statespace::studies::lightsout::nullity::single(Rule::Plus, Topology::Open, row.n).unwrap();
        assert_eq!(row.nullity, fast, "{0}x{0}", row.n);
    }
    let hexagonal = Tiling::parse("lattice: hexagonal\nooo\n", "full").unwrap();
    for rule in [GraphRule::SigmaPlus, GraphRule::Sigma] {
        let tiled = sweep_tiling(&hexagonal, rule, 30).unwrap();
        assert_eq!(tiled, sweep(Family::Hex, rule, 30).unwrap(), "{rule:?}");
    }
    // A hole at every (3i + 1, 3j + 1): 8 of every 9 cells.
    let perforated = Tiling::parse("lattice: square\nooo\no.o\nooo\n", "perforated").unwrap();
    let g = perforated.member(7).unwrap();
    assert_eq!(g.vertices(), 49 - 4);
    let dir = scratch("graphs-motif");
    let motif = dir.join("perforated.board");
    std::fs::write(&motif, "lattice: square\nooo\no.o\nooo\n").unwrap();
    let d = dir.to_str().unwrap();
    ok(&[
        "lightsout",
        "family",
        "--board-file",
        motif.to_str().unwrap(),
        "--max-n",
        "12",
        "--out",
        d,
    ]);
    let table = std::fs::read_to_string(dir.join("nullity_sigma-plus_tiled-perforated.csv")).unwrap();
    assert!(table.contains("\n7,45,"), "{table}");
    let _ = std::fs::remove_dir_all(&dir);
}
