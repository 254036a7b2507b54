//! Settings persistence: written when a change ends, read back on the next run, and a broken
//! file never stops the game.

use star_trek_panic::game::Launch;
use star_trek_panic::game::settings::{Settings, settings_path};

use super::{app, temp_dir};

/// A slider drag changes the setting every frame but writes the file once, when it ends.
#[test]
fn settings_are_written_when_a_change_ends_not_during_it() {
    let dir = temp_dir("settings-write");
    let mut app = app(Some(dir.clone()));
    let file = dir.join("settings.json");
    for step in 0..5 {
        app.world_mut().resource_mut::<Settings>().music = 0.1 * step as f32;
        app.update();
        assert!(!file.exists(), "written during the drag (frame {step})");
    }
    app.world_mut().resource_mut::<Settings>().unsaved = true;
    app.update();
    let text = std::fs::read_to_string(&file).expect("written when the drag ended");
    let saved: Settings = serde_json::from_str(&text).unwrap();
    assert!((saved.music - 0.4).abs() < 1e-6);
    assert!(!app.world().resource::<Settings>().unsaved);
}

/// What one run saves, the next run starts with.
#[test]
fn settings_persist_between_runs() {
    let dir = temp_dir("settings-persist");
    {
        let mut first = app(Some(dir.clone()));
        let mut settings = first.world_mut().resource_mut::<Settings>();
        settings.muted = true;
        settings.effects = 0.25;
        settings.unsaved = true;
        first.update();
    }
    let second = app(Some(dir));
    let settings = second.world().resource::<Settings>();
    assert!(settings.muted);
    assert!((settings.effects - 0.25).abs() < 1e-6);
}

/// A broken settings file gives the defaults and stays untouched until the next change.
#[test]
fn a_broken_settings_file_gives_defaults_and_is_kept() {
    let dir = temp_dir("settings-broken");
    let path = settings_path(&Launch {
        data_dir: Some(dir.clone()),
        ..Launch::default()
    })
    .unwrap();
    std::fs::write(&path, "{ not json").unwrap();
    let mut app = app(Some(dir));
    app.update();
    assert_eq!(*app.world().resource::<Settings>(), Settings::default());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{ not json");
}

/// Every setting in the menu (and the title's Settings) is a Tab away and Space changes it:
/// egui's own focus, on a bare context (issue "A bridge console": every screen works from
/// the keyboard, with a visible focus).
#[test]
fn the_keyboard_reaches_and_changes_every_setting() {
    use bevy_egui::egui;
    use star_trek_panic::game::pacing::AnimationSpeed;
    use star_trek_panic::game::panels::menu::settings_section;
    let ctx = egui::Context::default();
    let mut settings = Settings::default();
    let mut speed = AnimationSpeed::default();
    super::egui_frame(&ctx, &[], |ui| {
        settings_section(ui, &mut settings, &mut speed)
    });
    let mut focused = Vec::new();
    for _ in 0..12 {
        super::egui_frame(&ctx, &[egui::Key::Tab], |ui| {
            settings_section(ui, &mut settings, &mut speed)
        });
        let id = ctx
            .memory(|m| m.focused())
            .expect("Tab puts a control in focus");
        if !focused.contains(&id) {
            focused.push(id);
        }
    }
    // Music, effects, mute, UI scale, graphics, reduced motion, speed, skip: sliders count
    // twice (the slider and its number).
    assert!(
        focused.len() >= 8,
        "{} controls took the focus",
        focused.len()
    );
    // Round to the mute box (sliders first, each with its number field), then Space ticks it.
    let before = settings.clone();
    let ctx = egui::Context::default();
    super::egui_frame(&ctx, &[], |ui| {
        settings_section(ui, &mut settings, &mut speed)
    });
    let mut ticked = false;
    for _ in 0..12 {
        super::egui_frame(&ctx, &[egui::Key::Tab], |ui| {
            settings_section(ui, &mut settings, &mut speed)
        });
        super::egui_frame(&ctx, &[egui::Key::Space], |ui| {
            settings_section(ui, &mut settings, &mut speed)
        });
        if settings.muted != before.muted {
            ticked = true;
            break;
        }
    }
    assert!(ticked, "Space on the focused mute box ticks it");
}

/// What a screen reader hears is a setting the keyboard reaches: Tab to each level and
/// Space takes it; it is kept in the settings file by name.
#[test]
fn the_keyboard_chooses_what_a_screen_reader_hears() {
    use bevy_egui::egui;
    use star_trek_panic::game::pacing::AnimationSpeed;
    use star_trek_panic::game::panels::menu::settings_section;
    use star_trek_panic::game::settings::Spoken;
    let ctx = egui::Context::default();
    let mut settings = Settings::default();
    assert_eq!(settings.spoken, Spoken::Steps);
    let mut speed = AnimationSpeed::default();
    super::egui_frame(&ctx, &[], |ui| {
        settings_section(ui, &mut settings, &mut speed)
    });
    let mut seen = Vec::new();
    for _ in 0..30 {
        super::egui_frame(&ctx, &[egui::Key::Tab], |ui| {
            settings_section(ui, &mut settings, &mut speed)
        });
        super::egui_frame(&ctx, &[egui::Key::Space], |ui| {
            settings_section(ui, &mut settings, &mut speed)
        });
        if seen.last() != Some(&settings.spoken) {
            seen.push(settings.spoken);
        }
        if settings.spoken == Spoken::Everything {
            break;
        }
    }
    assert!(
        seen.contains(&Spoken::Brief) && seen.ends_with(&[Spoken::Everything]),
        "Tab and Space went through {seen:?}"
    );
    assert!(settings.unsaved, "the choice is written");
    let text = serde_json::to_string(&settings).unwrap();
    assert!(text.contains(r#""spoken":"everything""#), "{text}");
    let back: Settings = serde_json::from_str(r#"{"spoken": "brief"}"#).unwrap();
    assert_eq!(back.spoken, Spoken::Brief);
}

/// The seat's ticket kept in the settings goes only to the game it was given for: joining
/// the same game again shows it (the seat comes back), joining another (another host, or
/// another code on the same host) drops it.
#[test]
fn a_kept_ticket_goes_only_to_its_own_game() {
    use star_trek_panic::net::quic::Invite;
    let invite = |key: u8, code: &str| -> Invite {
        format!(
            "{code}@{},127.0.0.1:40000",
            iroh::SecretKey::from_bytes(&[key; 32]).public().to_z32()
        )
        .parse()
        .expect("an invite")
    };
    let kept = |invite: &Invite| Settings {
        join_invite: invite.to_string(),
        join_ticket: "0123456789abcdef0123456789abcdef".into(),
        ..Settings::default()
    };
    let first = invite(1, "first-game-code");
    let mut settings = kept(&first);
    assert_eq!(
        settings.ticket_for(&first).as_deref(),
        Some("0123456789abcdef0123456789abcdef")
    );
    for other in [invite(2, "first-game-code"), invite(1, "other-game-code")] {
        let mut settings = kept(&first);
        assert_eq!(settings.ticket_for(&other), None, "{other}");
        assert!(
            settings.join_ticket.is_empty(),
            "the other game's ticket stays"
        );
        assert_eq!(settings.ticket_for(&first), None, "nothing comes back");
    }
}

/// High contrast (issue 43): the panels turn black with white text, quiet text included at
/// 7:1 or more, every button outlined; unticked, the console's own look comes back.
#[test]
fn high_contrast_turns_the_panels_white_on_black_and_back() {
    use bevy_egui::egui;
    use star_trek_panic::game::theme;
    let mut style = egui::Style::default();
    theme::contrast_style(&mut style, true);
    assert!(theme::is_high_contrast(&style));
    let v = &style.visuals;
    let ground = v.panel_fill;
    for (what, ink) in [
        ("text", v.widgets.noninteractive.fg_stroke.color),
        ("quiet text", v.weak_text_color.expect("a quiet colour")),
        ("a button's text", v.widgets.inactive.fg_stroke.color),
    ] {
        assert!(
            theme::contrast(ink, ground) >= 7.0,
            "{what}: {:.1}:1",
            theme::contrast(ink, ground)
        );
    }
    assert!(
        v.widgets.inactive.bg_stroke.width >= 1.0,
        "buttons outlined"
    );
    theme::contrast_style(&mut style, false);
    assert!(!theme::is_high_contrast(&style));
    assert_eq!(style.visuals.panel_fill, theme::PANEL);
}

/// Issue 43: the seats, cards and quiet words the panels paint by hand follow the setting as
/// egui's own widgets do: black grounds, words at 7:1 or more; and back.
#[test]
fn high_contrast_reaches_the_painted_seats_and_cards() {
    use bevy_egui::egui;
    use star_trek_panic::game::theme;
    let ctx = egui::Context::default();
    ctx.all_styles_mut(|style| theme::contrast_style(style, true));
    for (what, ground) in [
        ("a seat", theme::seat(&ctx)),
        ("a card", theme::card_face(&ctx)),
        ("a screen", theme::panel(&ctx)),
    ] {
        for (role, ink) in [
            ("quiet words", theme::quiet(&ctx)),
            ("a card's rules", theme::card_words(&ctx)),
        ] {
            let ratio = theme::contrast(ink, ground);
            assert!(ratio >= 7.0, "{role} on {what}: {ratio:.1}:1");
        }
    }
    ctx.all_styles_mut(|style| theme::contrast_style(style, false));
    assert_eq!(theme::seat(&ctx), theme::SEAT);
    assert_eq!(theme::card_face(&ctx), theme::CARD_FACE);
    assert_eq!(theme::quiet(&ctx), theme::QUIET);
}
