//! The PTX printer (seed 004): a pure function of the module and its laid-out machine functions. It runs no
//! pass: [`module::write_module`] prints the module structure and each body with [`body::body_text`].
//!
//! - [`module`]: header, declarations, globals, function headers, kernel directives;
//! - [`body`]: register declarations, local depot, labels, instructions, `.loc`;
//! - [`globals`], [`init`]: global variables and their initializers in dependency order;
//! - [`directives`]: kernel directives (`.maxntid`, `.reqntid`, cluster directives, ...);
//! - [`names`]: legal PTX identifiers; [`refs`]: which functions and globals are printed and used;
//! - [`debuginfo`]: the `.file` table and the DWARF compile unit.

pub mod body;
pub mod debuginfo;
pub mod directives;
pub mod globals;
pub mod init;
pub mod module;
pub mod names;
pub mod refs;
