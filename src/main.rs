//! Star Trek Panic: the command line. `simulate` plays bot games headless.

mod cli;
mod replay;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(cli::run(&args));
}
