//! Just enough Markdown for the help window: headings, bullet and numbered items, paragraphs, and **bold**,
//! *italic* and `code` inside them, so the rulings read as a document, not as raw marks.

use bevy_egui::egui;

/// One block of a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Heading {
        level: usize,
        text: String,
    },
    Bullet(String),
    /// An item of a numbered list, with its number ("3.").
    Numbered(String, String),
    Paragraph(String),
}

/// "3. Trade a Card" as a numbered item: its number and its text.
fn numbered(line: &str) -> Option<(String, String)> {
    let digits = line.chars().take_while(char::is_ascii_digit).count();
    let rest = line[digits..].strip_prefix(". ")?;
    (digits > 0).then(|| (line[..digits + 1].to_string(), rest.to_string()))
}

/// A run of text with one style.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    pub code: bool,
}

/// Splits a document into blocks; a bullet's indented continuation lines join it.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open: Option<Block> = None;
    let close = |open: &mut Option<Block>, out: &mut Vec<Block>| out.extend(open.take());
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            close(&mut open, &mut out);
        } else if let Some(rest) = trimmed.strip_prefix('#') {
            close(&mut open, &mut out);
            let level = 1 + rest.chars().take_while(|c| *c == '#').count();
            let text = rest.trim_start_matches('#').trim().to_string();
            out.push(Block::Heading { level, text });
        } else if let Some(item) = trimmed.strip_prefix("- ") {
            close(&mut open, &mut out);
            open = Some(Block::Bullet(item.to_string()));
        } else if let Some((number, item)) = numbered(trimmed) {
            close(&mut open, &mut out);
            open = Some(Block::Numbered(number, item));
        } else {
            match &mut open {
                Some(Block::Bullet(text) | Block::Numbered(_, text) | Block::Paragraph(text)) => {
                    text.push(' ');
                    text.push_str(trimmed);
                }
                _ => open = Some(Block::Paragraph(trimmed.to_string())),
            }
        }
    }
    close(&mut open, &mut out);
    out
}

/// Splits a block's text into styled runs: `**bold**`, `*italic*`, `` `code` ``.
pub fn spans(text: &str) -> Vec<Span> {
    let mut out = Vec::new();
    let (mut bold, mut italic, mut code) = (false, false, false);
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    let mut flush = |current: &mut String, bold, italic, code| {
        if !current.is_empty() {
            out.push(Span {
                text: std::mem::take(current),
                bold,
                italic,
                code,
            });
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '`' => {
                flush(&mut current, bold, italic, code);
                code = !code;
            }
            '*' if !code && chars.peek() == Some(&'*') => {
                chars.next();
                flush(&mut current, bold, italic, code);
                bold = !bold;
            }
            '*' if !code => {
                flush(&mut current, bold, italic, code);
                italic = !italic;
            }
            _ => current.push(c),
        }
    }
    flush(&mut current, bold, italic, code);
    out
}

fn rich(span: &Span) -> egui::RichText {
    let mut text = egui::RichText::new(&span.text);
    if span.bold {
        text = text.strong();
    }
    if span.italic {
        text = text.italics();
    }
    if span.code {
        text = text.code();
    }
    text
}

fn runs(ui: &mut egui::Ui, text: &str) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 0.0;
        for span in spans(text) {
            ui.label(rich(&span));
        }
    });
}

/// Draws a document.
pub fn show(ui: &mut egui::Ui, text: &str) {
    for block in blocks(text) {
        match block {
            Block::Heading { level: 1, text } => {
                ui.heading(text);
            }
            Block::Heading { text, .. } => {
                ui.add_space(6.0);
                ui.label(egui::RichText::new(text).strong().size(17.0));
            }
            Block::Bullet(text) => {
                ui.horizontal(|ui| {
                    ui.label("•");
                    ui.vertical(|ui| runs(ui, &text));
                });
            }
            Block::Numbered(number, text) => {
                ui.horizontal(|ui| {
                    ui.label(number);
                    ui.vertical(|ui| runs(ui, &text));
                });
            }
            Block::Paragraph(text) => runs(ui, &text),
        }
    }
}
