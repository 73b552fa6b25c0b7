//! Runs past one machine: the ranks of an MPI job (`mpirun -n R statespace ...`, or Slurm's
//! `srun`), or one process alone. Engines and studies see only [`Cluster`]: which rank this
//! process is, how many there are, and the few collectives they need. MPI itself is behind the
//! `mpi` cargo feature, so the default build needs no system library.
//!
//! Rank 0 is the root: it alone writes files and prints; the other ranks compute their share.

use anyhow::{bail, Result};
use std::sync::OnceLock;

/// The processes of one job.
pub trait Cluster: Send + Sync {
    /// This process, `0..ranks()`.
    fn rank(&self) -> usize;
    fn ranks(&self) -> usize;
    /// Element-wise sum of every rank's `values` into rank 0's `values` (the other ranks' are
    /// left as they were). Every rank calls it with the same length.
    fn sum_to_root(&self, values: &mut [u64]) -> Result<()>;
    /// Bytes this process has sent to other ranks so far.
    fn bytes_sent(&self) -> u64;
    /// Every rank's `value`, in rank order, on every rank.
    fn all_gather(&self, value: u64) -> Result<Vec<u64>>;
    /// Personalised all-to-all exchange (MPI's all-to-all-v): `send[d]` goes to rank d, and the
    /// result's entry s is what rank s sent here. Every rank calls it with `ranks()` buffers;
    /// callers keep each buffer bounded (a batch, never a whole layer: counts are 32-bit in MPI).
    fn all_to_all_v(&self, send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>>;
    /// Waits until every rank has reached it.
    fn barrier(&self) -> Result<()>;
    /// Ends every rank of the job at once (after an error on one rank, so that no other waits
    /// in a collective for it). Alone: the process exits.
    fn abort(&self, code: i32) -> ! {
        std::process::exit(code)
    }
    fn is_root(&self) -> bool {
        self.rank() == 0
    }
}

/// One process: every collective is the identity.
pub struct Solo;

impl Cluster for Solo {
    fn rank(&self) -> usize {
        0
    }
    fn ranks(&self) -> usize {
        1
    }
    fn sum_to_root(&self, _: &mut [u64]) -> Result<()> {
        Ok(())
    }
    fn bytes_sent(&self) -> u64 {
        0
    }
    fn all_gather(&self, value: u64) -> Result<Vec<u64>> {
        Ok(vec![value])
    }
    fn all_to_all_v(&self, send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>> {
        anyhow::ensure!(send.len() == 1, "internal error: {} buffers for one rank", send.len());
        Ok(send)
    }
    fn barrier(&self) -> Result<()> {
        Ok(())
    }
}

static CLUSTER: OnceLock<Box<dyn Cluster>> = OnceLock::new();

/// The job this process belongs to ([`Solo`] unless [`join`] found an MPI launch).
pub fn current() -> &'static dyn Cluster {
    CLUSTER.get_or_init(|| Box::new(Solo)).as_ref()
}

/// How many ranks the launcher (mpirun, srun) says the job has, from its environment; 1 when
/// not launched by one.
pub fn launched_ranks() -> usize {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", "MPI_LOCALNRANKS"]
        .iter()
        .find_map(|v| std::env::var(v).ok().and_then(|s| s.parse().ok()))
        .unwrap_or(1)
}

/// Joins the MPI job this process was launched in, if any. Hold the guard until the process
/// ends (dropping it finalises MPI). A job of several ranks with a build without MPI is refused:
/// every rank would compute and write the same files.
pub fn join() -> Result<Guard> {
    let launched = launched_ranks();
    #[cfg(feature = "mpi")]
    if launched > 1 || std::env::var_os("STATESPACE_MPI").is_some() {
        let (cluster, guard) = mpi_cluster::init()?;
        if CLUSTER.set(Box::new(cluster)).is_err() {
            bail!("internal error: the cluster was chosen before MPI started");
        }
        return Ok(guard);
    }
    if launched > 1 {
        bail!(
            "launched as one of {launched} MPI ranks, but this build has no MPI: build with `cargo build --release \
            --features mpi`"
        );
    }
    Ok(Guard::default())
}

/// Keeps MPI initialised while it lives.
#[derive(Default)]
pub struct Guard {
    #[cfg(feature = "mpi")]
    _universe: Option<mpi::environment::Universe>,
}

/// The one thread allowed to call MPI, the one that initialised it (MPI runs with
/// `Threading::Funneled`). [`current`] hands the cluster to any thread (rayon's workers
/// included), so every MPI call checks the thread first ([`Funnel::check`]) and refuses
/// another one instead of calling MPI from it.
#[cfg(any(feature = "mpi", test))]
#[derive(Debug)]
struct Funnel {
    owner: std::thread::ThreadId,
}

#[cfg(any(feature = "mpi", test))]
impl Funnel {
    /// The calling thread as the owner.
    fn here() -> Funnel {
        Funnel {
            owner: std::thread::current().id(),
        }
    }

    fn is_owner(&self) -> bool {
        std::thread::current().id() == self.owner
    }

    fn check(&self) -> Result<()> {
        anyhow::ensure!(
            self.is_owner(),
            "internal error: MPI called from a thread other than the one that initialised it"
        );
        Ok(())
    }
}

/// Shares `costs.len()` items out among `ranks` by their cost: the costliest first, each to the
/// rank with the least work so far (ties to the lowest rank). Deterministic: every rank computes
/// the same owner for every item without talking.
pub fn share_by_cost(costs: &[u64], ranks: usize) -> Vec<usize> {
    assert!(ranks > 0);
    let mut order: Vec<usize> = (0..costs.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(costs[i]), i));
    let mut load = std::collections::BinaryHeap::new();
    for r in 0..ranks {
        load.push(std::cmp::Reverse((0u64, r)));
    }
    let mut owner = vec![0; costs.len()];
    for i in order {
        let std::cmp::Reverse((work, r)) = load.pop().expect("ranks > 0");
        owner[i] = r;
        load.push(std::cmp::Reverse((work + costs[i], r)));
    }
    owner
}

#[cfg(feature = "mpi")]
mod mpi_cluster {
    use super::{Cluster, Funnel, Guard};
    use anyhow::{bail, ensure, Result};
    use mpi::collective::SystemOperation;
    use mpi::topology::SimpleCommunicator;
    use mpi::traits::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    pub struct Mpi {
        world: SimpleCommunicator,
        rank: usize,
        ranks: usize,
        sent: AtomicU64,
        /// The thread that initialised MPI: the only one that calls it.
        funnel: Funnel,
    }

    // SAFETY: MPI is initialised with `Threading::Funneled`: only the thread that called `init`
    // may call into it. Every call goes through `Mpi::world`, which checks the calling thread
    // against that one and fails on any other (`abort` exits without MPI there), so sharing the
    // handle between threads never lets another thread reach MPI. The handle itself is an
    // immutable pointer, and the byte count an atomic.
    unsafe impl Send for Mpi {}
    unsafe impl Sync for Mpi {}

    impl Mpi {
        /// The communicator, on the thread that initialised MPI only.
        fn world(&self) -> Result<&SimpleCommunicator> {
            self.funnel.check()?;
            Ok(&self.world)
        }
    }

    pub fn init() -> Result<(Mpi, Guard)> {
        let Some((universe, _)) = mpi::initialize_with_threading(mpi::Threading::Funneled) else {
            bail!("MPI was already initialised");
        };
        let world = universe.world();
        let (rank, ranks) = (world.rank() as usize, world.size() as usize);
        Ok((
            Mpi {
                world,
                rank,
                ranks,
                sent: AtomicU64::new(0),
                funnel: Funnel::here(),
            },
            Guard {
                _universe: Some(universe),
            },
        ))
    }

    impl Cluster for Mpi {
        fn rank(&self) -> usize {
            self.rank
        }
        fn ranks(&self) -> usize {
            self.ranks
        }
        fn sum_to_root(&self, values: &mut [u64]) -> Result<()> {
            let root = self.world()?.process_at_rank(0);
            if self.rank == 0 {
                let mine = values.to_vec();
                root.reduce_into_root(&mine[..], values, SystemOperation::sum());
            } else {
                root.reduce_into(&values[..], SystemOperation::sum());
                self.sent.fetch_add(8 * values.len() as u64, Ordering::Relaxed);
            }
            Ok(())
        }
        fn bytes_sent(&self) -> u64 {
            self.sent.load(Ordering::Relaxed)
        }
        fn all_gather(&self, value: u64) -> Result<Vec<u64>> {
            let mut all = vec![0u64; self.ranks];
            self.world()?.all_gather_into(&value, &mut all[..]);
            self.sent.fetch_add(8 * (self.ranks as u64 - 1), Ordering::Relaxed);
            Ok(all)
        }
        fn all_to_all_v(&self, mut send: Vec<Vec<u8>>) -> Result<Vec<Vec<u8>>> {
            use mpi::datatype::{Partition, PartitionMut};
            let world = self.world()?;
            ensure!(
                send.len() == self.ranks,
                "internal error: {} buffers for {} ranks",
                send.len(),
                self.ranks
            );
            // This rank's own buffer stays here: no copy through MPI.
            let own = std::mem::take(&mut send[self.rank]);
            let count = |v: usize| {
                i32::try_from(v)
                    .map_err(|_| anyhow::anyhow!("internal error: an exchange batch of {v} bytes (limit 2 GiB)"))
            };
            let send_counts: Vec<i32> = send.iter().map(|b| count(b.len())).collect::<Result<_>>()?;
            let mut recv_counts = vec![0i32; self.ranks];
            world.all_to_all_into(&send_counts[..], &mut recv_counts[..]);
            let displs = |c: &[i32]| -> Result<Vec<i32>> {
                c.iter()
                    .scan(0usize, |at, &n| {
                        let d = *at;
                        *at += n as usize;
                        Some(count(d))
                    })
                    .collect()
            };
            let (send_displs, recv_displs) = (displs(&send_counts)?, displs(&recv_counts)?);
            // One spare byte each: an empty Vec<u8>'s dangling pointer is 0x1, which is Open
            // MPI's MPI_IN_PLACE (taken for it, the exchange fails).
            let mut flat: Vec<u8> = send.concat();
            flat.push(0);
            let mut recv = vec![0u8; recv_counts.iter().map(|&c| c as usize).sum::<usize>() + 1];
            {
                let out = Partition::new(&flat[..], &send_counts[..], &send_displs[..]);
                let mut into = PartitionMut::new(&mut recv[..], &recv_counts[..], &recv_displs[..]);
                world.all_to_all_varcount_into(&out, &mut into);
            }
            let others: usize = send.iter().map(|b| b.len() + 4).sum::<usize>() - 4;
            self.sent.fetch_add(others as u64, Ordering::Relaxed);
            let mut got: Vec<Vec<u8>> = recv_counts
                .iter()
                .zip(&recv_displs)
                .map(|(&c, &d)| recv[d as usize..d as usize + c as usize].to_vec())
                .collect();
            got[self.rank] = own;
            Ok(got)
        }
        fn barrier(&self) -> Result<()> {
            self.world()?.barrier();
            Ok(())
        }
        fn abort(&self, code: i32) -> ! {
            match self.world() {
                Ok(world) => world.abort(code),
                // Not on the MPI thread: this process ends alone, and mpirun ends the others.
                Err(e) => {
                    eprintln!("{e}");
                    std::process::exit(code)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_funnel_admits_its_thread_and_refuses_others() {
        let funnel = Funnel::here();
        assert!(funnel.check().is_ok());
        std::thread::scope(|s| {
            let other = s.spawn(|| funnel.check()).join().unwrap();
            assert!(other.is_err(), "a second thread passed the MPI thread check");
        });
    }

    #[test]
    fn share_by_cost_balances_and_covers_every_item() {
        let costs: Vec<u64> = (0..1000u64).map(|k| k * k).collect();
        for ranks in 1..=5 {
            let owner = share_by_cost(&costs, ranks);
            let mut load = vec![0u64; ranks];
            for (i, &r) in owner.iter().enumerate() {
                assert!(r < ranks);
                load[r] += costs[i];
            }
            let (lo, hi) = (*load.iter().min().unwrap(), *load.iter().max().unwrap());
            // Greedy by decreasing cost: no rank exceeds another by more than the largest item.
            assert!(hi - lo <= *costs.iter().max().unwrap(), "{load:?}");
            assert_eq!(owner, share_by_cost(&costs, ranks), "deterministic");
        }
    }
}
