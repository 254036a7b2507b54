//! The Academy on the table: a lesson opens at its scenario, the rules carry out only the
//! step's action (others are refused with the rules' reason or the lesson's words, the table
//! untouched), and the lesson moves on when the step's action is done.

use bevy::prelude::*;
use star_trek_panic::game::tutorial::{Academy, OpenLesson};
use stp_rules::*;

use super::{app, send, state};

fn refusal(app: &mut App) -> Option<String> {
    app.world().resource::<Academy>().refused.clone()
}

#[test]
fn a_lesson_waits_for_its_step_and_refuses_the_rest() {
    let mut app = app(None);
    // Lesson 2, Firing: a step to read, then Phasers on the Klingon Cruiser.
    app.world_mut().write_message(OpenLesson(1));
    app.update();
    app.update();
    app.update();
    let academy = app.world().resource::<Academy>();
    assert_eq!(academy.lesson, Some(1));
    assert_eq!(academy.step, 0);
    let lesson = academy.current().expect("a lesson").clone();
    assert_eq!(lesson.title, "Firing");
    assert!(app.world().get_resource::<ActionGate>().is_some());
    // While the player reads, even a legal action waits.
    let hash = state(&app).state_hash();
    send(
        &mut app,
        PlayerAction {
            player: 0,
            action: Action::EndPhase,
        },
    );
    assert_eq!(state(&app).state_hash(), hash);
    assert!(refusal(&mut app).is_some_and(|r| r.contains("press Next")));
    // Next (the window's button), then the wrong card: the rules' own reason.
    app.world_mut().resource_mut::<Academy>().step = 1;
    app.update();
    let wrong = stp_rules::scenario::resolve(
        state(&app),
        &lesson.steps[1].wrong.as_ref().expect("a wrong action").0,
    )
    .expect("names resolve");
    send(&mut app, wrong);
    assert_eq!(state(&app).state_hash(), hash);
    assert!(
        refusal(&mut app).is_some_and(|r| r.contains("outside this card's facings")),
        "{:?}",
        refusal(&mut app)
    );
    // A legal action other than the step's: the lesson's words.
    send(
        &mut app,
        PlayerAction {
            player: 0,
            action: Action::EndPhase,
        },
    );
    assert_eq!(state(&app).state_hash(), hash);
    assert!(refusal(&mut app).is_some_and(|r| r.contains("not in this step")));
    // The step's action is carried out, and the lesson moves on.
    let right = lesson
        .expected(1, state(&app))
        .expect("an action")
        .expect("resolves");
    send(&mut app, right);
    assert_ne!(state(&app).state_hash(), hash);
    assert_eq!(app.world().resource::<Academy>().step, 2);
    // Leaving the Academy lifts the gate.
    app.world_mut().resource_mut::<Academy>().lesson = None;
    app.update();
    app.update();
    assert!(app.world().get_resource::<ActionGate>().is_none());
}
