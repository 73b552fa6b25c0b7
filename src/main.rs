use std::process::ExitCode;

fn main() -> ExitCode {
    use statespace::engine::cluster;
    // Under mpirun/srun: join the job (MPI is finalised when the guard drops, after the command).
    let _mpi = match cluster::join() {
        Ok(guard) => guard,
        Err(e) => {
            say(&format!("statespace: error: {e:#}"));
            return ExitCode::FAILURE;
        }
    };
    match statespace::cli::run(std::env::args_os().collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line naming the problem: the context chain joined by ": ".
            let c = cluster::current();
            if c.ranks() > 1 {
                // An error on one rank must not leave the others waiting in a collective for
                // it: the line names the rank, then the whole job ends.
                say(&format!(
                    "statespace: error (rank {} of {}): {e:#}",
                    c.rank(),
                    c.ranks()
                ));
                c.abort(1);
            }
            say(&format!("statespace: error: {e:#}"));
            ExitCode::from(statespace::cli::exit_status(&e))
        }
    }
}

/// Writes `line` and its newline to stderr in one write: `eprintln!` may split a line into
/// several writes, and under mpirun another process's message (MPI_ABORT's banner) can land in
/// the middle of it.
fn say(line: &str) {
    use std::io::Write;
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
}
