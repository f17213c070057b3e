import pytest

SAMPLE = """# Test Game Rules

### Last Updated: 2026-02-03

## 100. Basics

### 101. Turns

102. Each turn has three steps. See rule 105.
103. A player may pass. See rules 104 and 105.
103.1. Passing ends your step , then play moves on.
104. Upkeep happens first.
105. Refresh happens last.
"""


@pytest.fixture
def sample_file(tmp_path):
    path = tmp_path / "sample_2026-02-03_v1.0.md"
    path.write_text(SAMPLE, encoding="utf-8")
    return path
