//! Star Trek Panic: the 3D tabletop, and the headless commands (`simulate`, `balance`,
//! `replay`).

mod cli;
#[cfg(feature = "gui")]
mod game;
mod replay;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(cli::run(&args));
}
