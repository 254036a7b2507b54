//! Help (F1): the rules reference written for this edition (`assets/rules/reference.md`), by
//! topic, with a search box. Context help opens the right topic: the "?" by the phase tracker
//! and by a refusal, F1 over a token, and a card's menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::game::model::windows::Help;

use crate::game::model::help_topic::HelpTopic;

/// The rules reference, one `## ` heading a topic.
pub(crate) const REFERENCE: &str = include_str!("../../../assets/rules/reference.md");

/// One topic of the reference.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Topic {
    pub title: &'static str,
    pub body: &'static str,
}

/// The reference's topics, in order.
pub fn topics() -> Vec<Topic> {
    REFERENCE
        .split("\n## ")
        .map(|part| part.trim_start_matches("## "))
        .filter_map(|part| {
            let (title, body) = part.split_once('\n')?;
            Some(Topic {
                title: title.trim(),
                body: body.trim(),
            })
        })
        .collect()
}

/// Topics whose title or text holds every word of `query` (any case).
pub fn search(query: &str) -> Vec<Topic> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    topics()
        .into_iter()
        .filter(|t| {
            let text = format!("{} {}", t.title, t.body).to_lowercase();
            words.iter().all(|w| text.contains(w.as_str()))
        })
        .collect()
}

/// Whether the reference was open last frame, how many times it has opened, and the topic a
/// screen reader was last given.
#[derive(Default)]
pub(super) struct HelpSeen {
    open: bool,
    openings: u32,
    said: Option<String>,
}

pub(super) fn help_window(
    mut contexts: EguiContexts,
    mut help: ResMut<Help>,
    mut seen: Local<HelpSeen>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut open = help.open;
    let opening = help.open && !seen.open;
    seen.open = help.open;
    if opening {
        seen.openings += 1;
        seen.said = None;
    }
    // Ids of its own at each opening: Orca took a window back with a closed one's ids for
    // that "defunct" one and said nothing (the menu's second opening).
    egui::Window::new("Rules reference")
        .id(egui::Id::new(("rules reference", seen.openings)))
        .open(&mut open)
        .default_size([720.0, 500.0])
        .default_pos(ctx.viewport_rect().center() - egui::vec2(360.0, 270.0))
        .show(ctx, |ui| {
            let help = &mut *help;
            ui.horizontal(|ui| {
                ui.label("Search:");
                ui.text_edit_singleline(&mut help.search);
            });
            let found = search(&help.search);
            let chosen = found
                .iter()
                .find(|t| Some(t.title) == help.topic.as_deref())
                .or(found.first())
                .copied();
            ui.separator();
            ui.columns(2, |columns| {
                columns[0].set_max_width(220.0);
                egui::ScrollArea::vertical()
                    .id_salt("topics")
                    .show(&mut columns[0], |ui| {
                        if found.is_empty() {
                            ui.weak("No topic mentions that.");
                        }
                        for topic in &found {
                            let picked = chosen.is_some_and(|c| c.title == topic.title);
                            if ui.selectable_label(picked, topic.title).clicked() {
                                help.topic = Some(topic.title.to_string());
                            }
                        }
                    });
                egui::ScrollArea::vertical()
                    .id_salt("topic")
                    .show(&mut columns[1], |ui| {
                        if let Some(topic) = chosen {
                            let heading = ui.add(
                                egui::Label::new(egui::RichText::new(topic.title).heading())
                                    .sense(egui::Sense::hover() | egui::Sense::FOCUSABLE),
                            );
                            // The topic whole, for a screen reader: the heading takes the
                            // focus as the reference opens and as a topic is picked (not
                            // while the search is typed in). Under Orca, F1 said "frame".
                            heading.widget_info(|| {
                                egui::WidgetInfo::labeled(
                                    egui::WidgetType::Label,
                                    true,
                                    spoken_topic(topic.title, topic.body),
                                )
                            });
                            let picked = help.topic.clone().or(Some(topic.title.to_string()));
                            if seen.said != picked && !ui.ctx().text_edit_focused() {
                                heading.request_focus();
                                seen.said = picked;
                            }
                            if let Some(known) = HelpTopic::named(topic.title) {
                                crate::game::theme::token_pictures::show(ui, known);
                            }
                            super::markdown::show(ui, topic.body);
                            // The log's own explanations for this topic, the same words.
                            let said = crate::words::why::for_topic(topic.title);
                            if !said.is_empty() {
                                ui.separator();
                                ui.strong("What the log says (hover a line)");
                                for line in said {
                                    ui.label(format!("• {line}"));
                                }
                            }
                        }
                    });
            });
        });
    help.open = open;
    Ok(())
}

/// A topic as a screen reader hears it: "Rules reference: Hit cards. …", its body without the
/// markdown's marks.
pub fn spoken_topic(title: &str, body: &str) -> String {
    let plain: String = body
        .lines()
        .map(|line| {
            line.trim_start_matches(['#', ' '])
                .replace("**", "")
                .replace('`', "")
        })
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    format!("Rules reference: {title}. {plain}")
}
