//! The Academy: every lesson's intended solution, played through the rules headless, reaches
//! the lesson's goal, and every lesson's wrong-action example is refused with the rules' own
//! reason, leaving the table untouched.

use star_trek_panic::words::lessons::lessons;
use stp_rules::scenario::resolve;

use crate::common::ActAndAdvance;

#[test]
fn every_lesson_is_solved_by_its_steps_and_refuses_its_wrong_action() {
    let lessons = lessons().expect("the lessons parse");
    assert_eq!(lessons.len(), 10);
    let mut wrong_tried = 0;
    for lesson in &lessons {
        let (_, mut state) = lesson
            .table()
            .unwrap_or_else(|e| panic!("{}: {e}", lesson.title));
        state.events_mut().clear();
        let mut seen = Vec::new();
        for (index, step) in lesson.steps.iter().enumerate() {
            if let Some((named, words)) = &step.wrong {
                let hash = state.state_hash();
                let refusal = resolve(&state, named)
                    .and_then(|action| state.act(action).map(|()| action))
                    .expect_err(&format!(
                        "{} step {index}: the wrong action is refused",
                        lesson.title
                    ));
                assert!(
                    refusal.to_string().contains(words.as_str()),
                    "{} step {index}: refused with `{refusal}`, not `{words}`",
                    lesson.title
                );
                assert_eq!(state.state_hash(), hash, "a refusal changed the table");
                wrong_tried += 1;
            }
            let Some(expected) = lesson.expected(index, &state) else {
                continue;
            };
            let action = expected.unwrap_or_else(|e| {
                panic!("{} step {index}: cannot name the action: {e}", lesson.title)
            });
            state
                .act_and_advance(action)
                .unwrap_or_else(|e| panic!("{} step {index}: {e}", lesson.title));
            seen.extend(state.drain_events().iter().map(event_kind));
        }
        for goal in &lesson.goal {
            assert!(
                seen.contains(goal),
                "{}: the goal {goal} never happened ({seen:?})",
                lesson.title
            );
        }
    }
    assert!(wrong_tried >= 5, "only {wrong_tried} wrong actions tried");
}

/// An event's kind, as a lesson's goal names it ("ThreatDestroyed" for any destroyed threat):
/// the variant's name, from its debug form (test-only: the game never reads a goal).
fn event_kind(event: &stp_rules::RulesEvent) -> String {
    let text = format!("{event:?}");
    text.split([' ', '{', '('])
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The title, the setup screen and the command line say how many lessons there are from the
/// lessons themselves (issue 41: "ten" was written in seven places).
#[test]
fn the_academy_says_its_own_number_of_lessons() {
    let lessons = star_trek_panic::words::lessons::lessons().expect("the lessons parse");
    assert_eq!(lessons.len(), 10);
    assert_eq!(star_trek_panic::words::lessons::COUNT_IN_WORDS, "ten");
}
