/**
 * The static parts of WPForms Lite 1.8.5.3's form-selector data (`GET /wpforms/v1/forms`, sample 217): its UI
 * strings, block defaults and sizes, exactly as the plugin sends them. Generated from the captured answer.
 */
export const BLOCK_DATA = {
  "strings": {
    "title": "WPForms",
    "description": "Select and display one of your forms.",
    "form_keywords": [
      "form",
      "contact",
      "survey",
      "the dude"
    ],
    "form_select": "Select a Form",
    "form_settings": "Form Settings",
    "form_edit": "Edit Form",
    "form_entries": "View Entries",
    "field_styles": "Field Styles",
    "label_styles": "Label Styles",
    "button_styles": "Button Styles",
    "button_color_notice": "Also used for other fields like Multiple Choice, Checkboxes, Rating, and NPS Survey.",
    "advanced": "Advanced",
    "additional_css_classes": "Additional CSS Classes",
    "form_selected": "Form",
    "show_title": "Show Title",
    "show_description": "Show Description",
    "panel_notice_head": "Heads up!",
    "panel_notice_text": "Do not forget to test your form.",
    "panel_notice_link": "https://wpforms.com/docs/how-to-properly-test-your-wordpress-forms-before-launching-checklist/?utm_campaign=liteplugin&#038;utm_source=WordPress&#038;utm_medium=gutenberg&#038;utm_locale=en_US",
    "panel_notice_link_text": "Check out our complete guide!",
    "update_wp_notice_head": "Want to customize your form styles without editing CSS?",
    "update_wp_notice_text": "Update WordPress to the latest version to use our modern markup and unlock the controls below.",
    "update_wp_notice_link": "https://wpforms.com/docs/styling-your-forms/?utm_campaign=liteplugin&#038;utm_source=WordPress&#038;utm_medium=Block%20Settings&#038;utm_content=Form%20Styles%20Documentation&#038;utm_locale=en_US",
    "learn_more": "Learn more",
    "use_modern_notice_head": "Want to customize your form styles without editing CSS?",
    "use_modern_notice_text": "Enable modern markup in your WPForms settings to unlock the controls below.",
    "use_modern_notice_link": "https://wpforms.com/docs/styling-your-forms/?utm_campaign=liteplugin&#038;utm_source=WordPress&#038;utm_medium=Block%20Settings&#038;utm_content=Form%20Styles%20Documentation&#038;utm_locale=en_US",
    "lead_forms_panel_notice_head": "Form Styles are disabled because Lead Form Mode is turned on.",
    "lead_forms_panel_notice_text": "To change the styling for this form, open it in the form builder and edit the options in the Lead Forms settings.",
    "size": "Size",
    "background": "Background",
    "border": "Border",
    "text": "Text",
    "border_radius": "Border Radius",
    "colors": "Colors",
    "label": "Label",
    "sublabel_hints": "Sublabel &amp; Hint",
    "error_message": "Error Message",
    "small": "Small",
    "medium": "Medium",
    "large": "Large",
    "reset_style_settings": "Reset Style Settings",
    "reset_settings_confirm_text": "Are you sure you want to reset the style settings for this form? All your current styling will be removed and canʼt be recovered.",
    "btn_yes_reset": "Yes, Reset",
    "btn_no": "No",
    "copy_paste_settings": "Copy / Paste Style Settings",
    "copy_paste_error": "There was an error parsing your JSON code. Please check your code and try again.",
    "copy_paste_notice": "If you&#039;ve copied style settings from another form, you can paste them here to add the same styling to this form. Any current style settings will be overwritten.",
    "wpforms_empty_info": "You can use <strong>WPForms</strong> to build contact forms, surveys, payment forms, and more with just a few clicks.",
    "wpforms_empty_help": "Need some help? Check out our <a target=\"_blank\" href=\"https://wpforms.com/docs/creating-first-form/?utm_campaign=liteplugin&#038;utm_source=WordPress&#038;utm_medium=gutenberg&#038;utm_content=Create%20Your%20First%20Form%20Documentation&#038;utm_locale=en_US\">comprehensive guide.</a>"
  },
  "isPro": false,
  "defaults": {
    "formId": "",
    "displayTitle": false,
    "displayDesc": false,
    "fieldSize": "medium",
    "fieldBorderRadius": "3px",
    "fieldBackgroundColor": "#ffffff",
    "fieldBorderColor": "rgba( 0, 0, 0, 0.25 )",
    "fieldTextColor": "rgba( 0, 0, 0, 0.7 )",
    "labelSize": "medium",
    "labelColor": "rgba( 0, 0, 0, 0.85 )",
    "labelSublabelColor": "rgba( 0, 0, 0, 0.55 )",
    "labelErrorColor": "#d63637",
    "buttonSize": "medium",
    "buttonBorderRadius": "3px",
    "buttonBackgroundColor": "#066aab",
    "buttonTextColor": "#ffffff",
    "copyPasteJsonValue": ""
  },
  "is_modern_markup": true,
  "is_full_styling": true,
  "sizes": {
    "field-size": {
      "small": {
        "input-height": "31px",
        "input-spacing": "10px",
        "font-size": "14px",
        "line-height": "17px",
        "padding-h": "9px",
        "checkbox-size": "14px",
        "sublabel-spacing": "5px",
        "icon-size": "0.75"
      },
      "medium": {
        "input-height": "43px",
        "input-spacing": "15px",
        "font-size": "16px",
        "line-height": "19px",
        "padding-h": "14px",
        "checkbox-size": "16px",
        "sublabel-spacing": "5px",
        "icon-size": "1"
      },
      "large": {
        "input-height": "50px",
        "input-spacing": "20px",
        "font-size": "18px",
        "line-height": "21px",
        "padding-h": "14px",
        "checkbox-size": "18px",
        "sublabel-spacing": "10px",
        "icon-size": "1.25"
      }
    },
    "label-size": {
      "small": {
        "font-size": "14px",
        "line-height": "17px",
        "sublabel-font-size": "13px",
        "sublabel-line-height": "16px"
      },
      "medium": {
        "font-size": "16px",
        "line-height": "19px",
        "sublabel-font-size": "14px",
        "sublabel-line-height": "17px"
      },
      "large": {
        "font-size": "18px",
        "line-height": "21px",
        "sublabel-font-size": "16px",
        "sublabel-line-height": "19px"
      }
    },
    "button-size": {
      "small": {
        "font-size": "14px",
        "height": "37px",
        "padding-h": "15px",
        "margin-top": "5px"
      },
      "medium": {
        "font-size": "17px",
        "height": "41px",
        "padding-h": "15px",
        "margin-top": "10px"
      },
      "large": {
        "font-size": "20px",
        "height": "48px",
        "padding-h": "20px",
        "margin-top": "15px"
      }
    }
  }
} as const;
