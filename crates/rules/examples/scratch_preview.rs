fn main() {
    let path = std::env::args().nth(1).unwrap();
    let (_, mut state) = stp_rules::scenario::Scenario::load(std::path::Path::new(&path)).unwrap();
    let p = state.threat_preview().unwrap();
    for t in &p.threats {
        println!(
            "{:?} {:?} -> {:?} fires {:?} {:?}",
            stp_rules::content::builtin().threat(t.token).kind,
            t.from,
            t.to,
            t.fires,
            t.what
        );
    }
    for (i, f) in p.facings.iter().enumerate() {
        println!("facing {i}: {f:?}");
    }
    println!(
        "shields {:?} hull {:?}",
        state.enterprise.shields, state.enterprise.hull
    );
    state.turn.phase_done = true;
    let mut n = 0;
    while state.turn.phase != stp_rules::Phase::DrawNewThreats && n < 50 {
        state.step();
        n += 1;
    }
    for e in &state.events {
        println!("{e:?}");
    }
}
