import Testing
@testable import LaminaRaster
