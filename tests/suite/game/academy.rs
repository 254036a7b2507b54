//! The Academy on the table: a lesson opens at its scenario, the rules carry out only the
//! step's action (others are refused with the rules' reason or the lesson's words, the table
//! untouched), and the lesson moves on when the step's action is done.

use bevy::prelude::*;
use bevy_egui::egui;
use star_trek_panic::game::tutorial::{Academy, AcademyChoice, OpenLesson, menu_section};
use stp_rules::*;

use super::{app, egui_frame, send, state};

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

/// One frame of the menu's Academy section with these keys pressed: what it chose, if anything.
fn menu_frame(ctx: &egui::Context, academy: &Academy, keys: &[egui::Key]) -> Option<AcademyChoice> {
    let mut chosen = None;
    egui_frame(ctx, keys, |ui| chosen = menu_section(ui, academy));
    chosen
}

/// Tabs, then Enter, on a fresh menu: the choice the keyboard reached.
fn keyed_choice(academy: &Academy, tabs: usize, then: &[usize]) -> Option<AcademyChoice> {
    let ctx = egui::Context::default();
    menu_frame(&ctx, academy, &[]);
    let mut chosen = None;
    for step in std::iter::once(tabs).chain(then.iter().copied()) {
        for _ in 0..step {
            assert_eq!(menu_frame(&ctx, academy, &[egui::Key::Tab]), None);
        }
        chosen = menu_frame(&ctx, academy, &[egui::Key::Enter]);
        // A frame for an opened header to show what it holds.
        menu_frame(&ctx, academy, &[]);
    }
    chosen
}

/// The lesson window's way on (skip, restart, leave, another lesson) is reached from the
/// keyboard alone through the menu (issue "A bridge console": every screen and window works
/// from the keyboard): egui's Tab moves through the section, and Enter takes what is in focus.
#[test]
fn the_menus_academy_section_reaches_every_way_on_by_tab_and_enter() {
    let mut app = app(None);
    app.world_mut().write_message(OpenLesson(0));
    app.update();
    app.update();
    let academy = app.world().resource::<Academy>();
    assert_eq!(academy.lesson, Some(0));
    assert_eq!(
        keyed_choice(academy, 1, &[]),
        Some(AcademyChoice::Open(1)),
        "skip"
    );
    assert_eq!(
        keyed_choice(academy, 2, &[]),
        Some(AcademyChoice::Open(0)),
        "restart"
    );
    assert_eq!(
        keyed_choice(academy, 3, &[]),
        Some(AcademyChoice::Leave),
        "leave"
    );
    // The fourth stop opens the lesson list; five more reach the fifth lesson.
    assert_eq!(
        keyed_choice(academy, 4, &[5]),
        Some(AcademyChoice::Open(4)),
        "a lesson"
    );
    let last = academy.lessons.len() - 1;
    assert_eq!(
        keyed_choice(academy, 4, &[last + 1]),
        Some(AcademyChoice::Open(last))
    );
}

/// What the way on asks for is carried out: another lesson opens at its start, leaving lifts
/// the lesson, and after the last lesson a Cadet game is dealt.
#[test]
fn the_academys_choices_open_restart_and_leave() {
    let mut app = app(None);
    app.world_mut().write_message(OpenLesson(0));
    app.update();
    app.update();
    app.world_mut().write_message(AcademyChoice::Open(3));
    app.update();
    app.update();
    let academy = app.world().resource::<Academy>();
    assert_eq!((academy.lesson, academy.step), (Some(3), 0));
    app.world_mut().resource_mut::<Academy>().step = 2;
    app.world_mut().write_message(AcademyChoice::Open(3));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Academy>().step, 0, "restarted");
    app.world_mut().write_message(AcademyChoice::Leave);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Academy>().lesson, None);
    assert!(app.world().get_resource::<ActionGate>().is_none());
    app.world_mut().write_message(AcademyChoice::PlayCadet);
    app.update();
    app.update();
    app.update();
    let dealt = state(&app);
    assert_eq!(dealt.players().len(), 1);
    assert_eq!(app.world().resource::<Academy>().lesson, None);
}
