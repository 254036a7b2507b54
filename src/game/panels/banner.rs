//! A moment on the table for what changes the game: a mission completed or failed is
//! announced over the board for a few seconds, not only in the log.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, egui};

use crate::game::model::event_catalogue::presentation;
use crate::game::pacing::Paced;
use stp_rules::content::builtin;

use crate::game::model::pointing::TableRect;
use crate::game::systems::GameSystems;

/// How long a banner stays.
pub const BANNER_SECONDS: f32 = 3.5;

/// The banner over the table, if one is showing.
#[derive(Resource, Debug, Default, Clone, PartialEq)]
pub struct Banner {
    pub text: Option<String>,
    pub good: bool,
    pub seconds_left: f32,
}

pub(super) fn logic_plugin(app: &mut App) {
    app.init_resource::<Banner>()
        .add_systems(Update, announce.in_set(GameSystems::Events));
}

fn announce(mut events: MessageReader<Paced>, mut banner: ResMut<Banner>) {
    for Paced(event) in events.read() {
        let Some(news) = presentation(event).banner else {
            continue;
        };
        let (text, good) = (
            format!("{}: {}", news.words, builtin().mission(news.mission).name),
            news.good,
        );
        *banner = Banner {
            text: Some(text),
            good,
            seconds_left: BANNER_SECONDS,
        };
    }
}

/// Draws the banner at the top of the table and lets it fade.
pub(super) fn show_banner(
    mut contexts: EguiContexts,
    mut banner: ResMut<Banner>,
    time: Res<Time>,
    rect: Res<TableRect>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let Some(text) = banner.text.clone() else {
        return Ok(());
    };
    banner.seconds_left -= time.delta_secs();
    if banner.seconds_left <= 0.0 {
        *banner = Banner::default();
        return Ok(());
    }
    redraw.write(RequestRedraw);
    let ctx = contexts.ctx_mut()?;
    let alpha = (banner.seconds_left / 0.5).clamp(0.0, 1.0);
    let color = if banner.good {
        crate::game::theme::palette::DONE.egui()
    } else {
        crate::game::theme::palette::REFUSED.egui()
    };
    egui::Area::new("banner".into())
        .order(egui::Order::Foreground)
        .interactable(false)
        .fixed_pos(egui::pos2(rect.0.center().x, rect.0.top() + 16.0))
        .pivot(egui::Align2::CENTER_TOP)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(egui::Color32::from_black_alpha((200.0 * alpha) as u8))
                .show(ui, |ui| {
                    let line = ui.label(
                        egui::RichText::new(text)
                            .size(26.0)
                            .strong()
                            .color(color.gamma_multiply(alpha)),
                    );
                    // A mission's end is said at once, as it is shown.
                    crate::game::theme::announce(ui, &line, true);
                });
        });
    Ok(())
}
