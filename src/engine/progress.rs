//! Progress is counted by engines in atomics (per chunk or level, never per state) and drawn by a
//! poller thread outside the engine, so a search costs the same with or without a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Counters an engine updates while it runs.
#[derive(Default)]
pub struct Counters {
    /// States expanded so far.
    pub expanded: AtomicU64,
    /// Current BFS depth (or DP level).
    pub depth: AtomicU64,
    /// Expected final value of `expanded` when known (0: unknown): the reporter then draws a bar
    /// with an ETA instead of a spinner.
    pub total: AtomicU64,
}

impl Counters {
    pub fn add_expanded(&self, n: u64) {
        self.expanded.fetch_add(n, Relaxed);
    }
    pub fn set_depth(&self, d: u64) {
        self.depth.store(d, Relaxed);
    }
}

/// Draws a spinner from [`Counters`] on stderr while alive; silent when stderr is not a terminal.
pub struct Reporter {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Reporter {
    pub fn start(label: String, counters: Arc<Counters>) -> Reporter {
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() {
            return Reporter { stop, handle: None };
        }
        let stop2 = stop.clone();
        let handle = std::thread::spawn(move || {
            let bar = indicatif::ProgressBar::new_spinner();
            let mut with_total = false;
            while !stop2.load(Relaxed) {
                let total = counters.total.load(Relaxed);
                if total > 0 && !with_total {
                    with_total = true;
                    bar.set_length(total);
                    bar.set_style(
                        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {percent}% ETA {eta}")
                            .expect("valid template"),
                    );
                }
                if with_total {
                    bar.set_position(counters.expanded.load(Relaxed).min(total));
                    // Engines that count levels say which one; a plain sweep has none.
                    match counters.depth.load(Relaxed) {
                        0 => bar.set_message(label.clone()),
                        d => bar.set_message(format!("{label}: level {d}")),
                    }
                } else {
                    bar.set_message(format!(
                        "{label}: depth {}, {} states expanded",
                        counters.depth.load(Relaxed),
                        counters.expanded.load(Relaxed)
                    ));
                }
                bar.tick();
                std::thread::sleep(Duration::from_millis(150));
            }
            bar.finish_and_clear();
        });
        Reporter { stop, handle: Some(handle) }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
