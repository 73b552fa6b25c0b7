//! The family's data dictionary: every file under `data/<family>/` and every column, with its type.

use crate::output::datapackage::ResourceDoc;

pub fn resources() -> Vec<ResourceDoc> {
    Vec::new()
}
