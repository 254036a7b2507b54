//! Star Trek Panic: the 3D tabletop, and the headless commands (`simulate`, `balance`,
//! `replay`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(star_trek_panic::commands::run(&args));
}
