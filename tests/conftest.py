import sys
from pathlib import Path

# Tests import the engine from the checkout, installed or not.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
