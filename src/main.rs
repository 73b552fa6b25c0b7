use std::process::ExitCode;

fn main() -> ExitCode {
    use statespace::engine::cluster;
    // Under mpirun/srun: join the job (MPI is finalised when the guard drops, after the command).
    let _mpi = match cluster::join() {
        Ok(guard) => guard,
        Err(e) => {
            eprintln!("statespace: error: {e:#}");
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
                eprintln!("statespace: error (rank {} of {}): {e:#}", c.rank(), c.ranks());
                c.abort(1);
            }
            eprintln!("statespace: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
