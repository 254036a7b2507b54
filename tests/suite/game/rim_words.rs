//! The forecast's words on the board's rim (`table::marks::forecast_lines`).

use star_trek_panic::game::table::marks::forecast_lines::{Said, incoming};

/// On the rim the shots' lines say who fires, so the words give the damage alone; where
/// another piece of the sector has a line of its own, the shooter is named too (rulebook
/// "Tholians": a Tholian in Short Range holds its web and does not fire). Read 53 took
/// "1 dmg → Shield damaged" over "Tholian holds its web, no fire" for the Tholian's damage.
#[test]
fn the_rim_names_the_shooter_beside_a_tholian_that_holds_its_web() {
    let state = super::table_with_threats(
        r#"(kind: "kang", range: Long, sector: 5), (kind: "tholian", range: Short, sector: 5)"#,
    );
    let preview = state.threat_preview().expect("a forecast in phase 4");
    let facing = (0..6u8)
        .find(|f| state.enterprise().sector_of_facing(*f) == 4)
        .expect("a facing towards sector 5");
    let lines: Vec<String> = incoming(&state, facing, &preview, Said::OnTheRim)
        .into_iter()
        .map(|(words, _)| words)
        .collect();
    assert_eq!(
        lines,
        vec![
            "KANG: 1 dmg → Shield damaged".to_string(),
            "Tholian holds its web, no\u{a0}fire".to_string(),
        ]
    );
    // Alone in its sector, the shooter is left to its line.
    let alone = super::table_with_threats(r#"(kind: "kang", range: Long, sector: 5)"#);
    let preview = alone.threat_preview().expect("a forecast in phase 4");
    let lines: Vec<String> = incoming(&alone, facing, &preview, Said::OnTheRim)
        .into_iter()
        .map(|(words, _)| words)
        .collect();
    assert_eq!(lines, vec!["1 dmg → Shield damaged".to_string()]);
}
