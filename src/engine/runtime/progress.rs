//! Progress is counted by engines in atomics (per chunk or level, never per state) and drawn by a
//! poller thread outside the engine, so a search costs the same with or without a terminal.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
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
    /// What the run is doing now, for a run of several stages (empty: one stage).
    pub stage: Mutex<String>,
}

impl Counters {
    pub fn add_expanded(&self, n: u64) {
        self.expanded.fetch_add(n, Relaxed);
    }
    pub fn set_depth(&self, d: u64) {
        self.depth.store(d, Relaxed);
    }
    /// Starts a new stage of `total` units of work (0: unknown, drawn as a spinner).
    pub fn set_stage(&self, stage: impl Into<String>, total: u64) {
        *self.stage.lock().unwrap_or_else(|e| e.into_inner()) = stage.into();
        self.expanded.store(0, Relaxed);
        self.depth.store(0, Relaxed);
        self.total.store(total, Relaxed);
    }
    fn stage(&self) -> String {
        self.stage.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// Whether a [`Reporter`] is drawing: the terminal shows one display, so a reporter started
/// inside another (an engine's bar inside `reproduce`) stays silent.
static DRAWING: AtomicBool = AtomicBool::new(false);

/// Draws a spinner from [`Counters`] on stderr while alive; silent when stderr is not a terminal.
pub struct Reporter {
    stop: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl Reporter {
    pub fn start(label: String, counters: Arc<Counters>) -> Reporter {
        let stop = Arc::new(AtomicBool::new(false));
        if !std::io::stderr().is_terminal() || DRAWING.swap(true, Relaxed) {
            return Reporter { stop, handle: None };
        }
        let stop2 = stop.clone();
        let handle = std::thread::spawn(move || {
            let mut bar = indicatif::ProgressBar::new_spinner();
            // (stage, whether it has a total): a new stage gets a new bar, so its ETA is its own.
            let mut shown: Option<(String, bool)> = None;
            while !stop2.load(Relaxed) {
                let (stage, total) = (counters.stage(), counters.total.load(Relaxed));
                let now = (stage.clone(), total > 0);
                if shown.as_ref() != Some(&now) {
                    bar.finish_and_clear();
                    bar = if total > 0 {
                        let b = indicatif::ProgressBar::new(total);
                        b.set_style(
                            indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} ETA {eta}")
                                .expect("valid template"),
                        );
                        b
                    } else {
                        indicatif::ProgressBar::new_spinner()
                    };
                    shown = Some(now);
                }
                let label = if stage.is_empty() {
                    label.clone()
                } else {
                    format!("{label} · {stage}")
                };
                if total > 0 {
                    bar.set_length(total);
                    bar.set_position(counters.expanded.load(Relaxed).min(total));
                    // Engines that count levels say which one; a plain sweep has none.
                    match counters.depth.load(Relaxed) {
                        0 => bar.set_message(label),
                        d => bar.set_message(format!("{label}: level {d}")),
                    }
                } else {
                    match (counters.depth.load(Relaxed), counters.expanded.load(Relaxed)) {
                        (0, 0) => bar.set_message(label),
                        (depth, done) => bar.set_message(format!("{label}: depth {depth}, {done} done")),
                    }
                }
                bar.tick();
                std::thread::sleep(Duration::from_millis(150));
            }
            bar.finish_and_clear();
        });
        Reporter {
            stop,
            handle: Some(handle),
        }
    }
}

impl Drop for Reporter {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
            DRAWING.store(false, Relaxed);
        }
    }
}
