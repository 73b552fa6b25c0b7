use std::process::ExitCode;

fn main() -> ExitCode {
    match statespace::cli::run(std::env::args_os().collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // One line naming the problem: the context chain joined by ": ".
            eprintln!("statespace: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
