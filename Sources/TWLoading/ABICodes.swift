import TWModel
import TWPluginAPI

// The ABI's integer codes for forms and argument types, read
// from descriptors at load.

extension RegistrationForm {
    init?(code: Int32) {
        switch code {
        case TW_FORM_VIEW: self = .view
        case TW_FORM_VALUE: self = .value
        case TW_FORM_ARGUMENT: self = .argument
        case TW_FORM_TEXT: self = .text
        case TW_FORM_IMAGE: self = .image
        case TW_FORM_SHAPE: self = .shape
        case TW_FORM_TEXT_VALUE: self = .textValue
        case TW_FORM_IMAGE_VALUE: self = .imageValue
        case TW_FORM_SHAPE_VALUE: self = .shapeValue
        default: return nil
        }
    }
}

extension ArgumentType {
    init?(code: Int32) {
        switch code {
        case TW_ARG_NONE: self = .none
        case TW_ARG_NUMBER: self = .number
        case TW_ARG_POINTS: self = .points
        case TW_ARG_ANGLE: self = .angle
        case TW_ARG_SECONDS: self = .seconds
        case TW_ARG_BOOL: self = .bool
        case TW_ARG_STRING: self = .string
        case TW_ARG_COLOR: self = .color
        case TW_ARG_VECTOR: self = .vector
        case TW_ARG_ANIMATION: self = .animation
        case TW_ARG_CUSTOM: self = .custom
        default: return nil
        }
    }
}
