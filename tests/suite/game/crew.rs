//! Crewmates: a bot seat takes its own turns through the validator, at its pace, and the
//! handover skips it; the seats follow the setup screen and `--bots`.

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use star_trek_panic::game::crew::{Crew, Seat, seats_with_bots};
use star_trek_panic::game::model::handover::Handover;
use star_trek_panic::game::pacing::AnimationSpeed;
use stp_rules::*;

use super::{app, send, start, state};

#[test]
fn bots_seats_are_the_last_ones() {
    assert_eq!(
        seats_with_bots(4, 2),
        vec![Seat::Human, Seat::Human, Seat::Captain, Seat::Captain]
    );
    assert_eq!(seats_with_bots(2, 6), vec![Seat::Captain; 2]);
    assert_eq!(seats_with_bots(3, 0), vec![Seat::Human; 3]);
}

/// An Ensign in seat 2 plays its whole turn by itself, a choice at a time, and the table
/// hands back to the person in seat 1 with no handover curtain either way: one person sits
/// at this table (issue 38: the curtain showed with nobody to hand over to).
#[test]
fn an_ensign_bot_takes_its_turn_and_hands_back() {
    let mut app = app(None);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(200),
    ));
    app.insert_resource(AnimationSpeed {
        speed: 1.0,
        skip: false,
    });
    app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Human, Seat::Ensign]);
    start(&mut app, GameOptions::quick(5, 2, "cadet"));
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Ensign]
    );
    // The person plays their first turn with the heuristic's choices.
    let mut guard = 0;
    while state(&app).turn().active == 0 && !state(&app).is_over() {
        app.world_mut().resource_mut::<Handover>().0 = None;
        let action = bot::choose(state(&app)).expect("someone must act");
        send(&mut app, action);
        guard += 1;
        assert!(guard < 200, "the first turn never ends");
    }
    assert_eq!(state(&app).turn().active, 1);
    assert_eq!(
        app.world().resource::<Handover>().0,
        None,
        "a handover to a bot"
    );
    let turn = state(&app).turn().number;
    let mut frames = 0;
    while state(&app).turn().active == 1 && !state(&app).is_over() {
        app.update();
        frames += 1;
        assert!(frames < 2_000, "the bot's turn never ends");
    }
    assert!(state(&app).turn().number > turn || state(&app).is_over());
    // A readable pace: each choice shows for most of a second (here 5 frames of 200 ms).
    assert!(frames >= 5, "the bot took its turn in {frames} frames");
    // One person at this table: the turn comes back to them with no curtain to lift.
    assert_eq!(app.world().resource::<Handover>().0, None);
}

/// A save keeps who sits in each seat: loading it brings the bots back.
#[test]
fn a_save_keeps_the_bot_seats() {
    let dir = crate::trust::scratch_dir("crew-save");
    let mut app = app(Some(dir.clone()));
    app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Human, Seat::Captain]);
    start(&mut app, GameOptions::quick(8, 2, "cadet"));
    app.world_mut()
        .write_message(star_trek_panic::game::model::record::SaveRequest::Save);
    app.update();
    let path = dir.join("save.json");
    let saved = stp_rules::files::SaveFile::load(&path).expect("saved");
    assert_eq!(saved.seats, vec!["human", "captain"]);
    app.world_mut().resource_mut::<Crew>().seats = vec![Seat::Human; 2];
    app.world_mut()
        .write_message(star_trek_panic::game::model::record::SaveRequest::Load(
            path,
        ));
    app.update();
    app.update();
    assert_eq!(
        app.world().resource::<Crew>().seats,
        vec![Seat::Human, Seat::Captain]
    );
}

/// Boarders on a bot's turn while a person holds the only Security Team: the person has ten
/// seconds to play it (the Boarders window offers it); then the bot lets the boarders in, so
/// the game never waits for ever.
#[test]
fn a_bot_lets_boarders_in_when_a_person_keeps_their_security_team() {
    let mut app = app(None);
    app.insert_resource(TimeUpdateStrategy::ManualDuration(
        std::time::Duration::from_millis(250),
    ));
    app.insert_resource(AnimationSpeed {
        speed: 1.0,
        skip: false,
    });
    app.world_mut().resource_mut::<Crew>().pending = Some(vec![Seat::Ensign, Seat::Human]);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/scenarios/boarders.ron");
    app.world_mut().write_message(
        star_trek_panic::game::model::record::SaveRequest::OpenScenario(path.into()),
    );
    app.update();
    app.update();
    assert!(matches!(
        state(&app).turn().window,
        Some(stp_rules::Window::Boarding { .. })
    ));
    let mut frames = 0;
    while matches!(
        state(&app).turn().window,
        Some(stp_rules::Window::Boarding { .. })
    ) {
        app.update();
        frames += 1;
        assert!(frames < 200, "the bot never let the boarders in");
    }
    // Ten seconds of 250 ms frames, then the choice on show.
    assert!(
        frames >= 40,
        "the bot did not wait for the person: {frames} frames"
    );
    assert_eq!(
        state(&app).players()[1].hand.len(),
        1,
        "the person's team was kept"
    );
}

/// Every character of the data has a portrait of its own, told from every other one's by
/// more than its uniform: a new character in `assets/characters.ron` without a face here
/// would sit at the table with a plain one.
#[test]
fn every_character_has_a_portrait_of_its_own() {
    use star_trek_panic::game::panels::portraits::likeness;
    let characters = &stp_rules::content::builtin().characters;
    let mut seen = std::collections::BTreeMap::new();
    for c in characters {
        let face = likeness(&c.id).unwrap_or_else(|| panic!("{} has no portrait of its own", c.id));
        if let Some(other) = seen.insert(face, c.id.clone()) {
            panic!("{} and {other} share a face", c.id);
        }
    }
    assert_eq!(seen.len(), characters.len());
    assert_eq!(likeness("a-character-nobody-wrote"), None);
}
