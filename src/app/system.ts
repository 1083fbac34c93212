import { createSystem, defaultBaseConfig, defineRecipe, defineSlotRecipe, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * A finger needs 44 px: on a touch screen no button, tab, box or dropdown is shorter (or a button
 * narrower), whatever its size; a desktop keeps its compact controls at any window width.
 */
const ON_TOUCH = '@media (pointer: coarse)';
const TOUCH_HEIGHT = { [ON_TOUCH]: { minH: '11' } };

/**
 * Chakra's default theme with only the recipes of the components the app draws: defaultSystem
 * carries every recipe (date pickers, colour pickers, trees...) into the sign-in page's download.
 * A component added to the app needs its recipe here, or it shows unstyled.
 */
export const system = createSystem(
  mergeConfigs(defaultBaseConfig, {
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      textStyles,
      layerStyles,
      animationStyles,
      recipes: {
        badge: badgeRecipe,
        button: defineRecipe({ ...buttonRecipe, base: { ...buttonRecipe.base, [ON_TOUCH]: { minH: '11', minW: '11' } } }),
        checkmark: checkmarkRecipe,
        container: containerRecipe,
        heading: headingRecipe,
        icon: iconRecipe,
        input: defineRecipe({ ...inputRecipe, base: { ...inputRecipe.base, ...TOUCH_HEIGHT } }),
        link: linkRecipe,
        separator: separatorRecipe,
        skeleton: skeletonRecipe,
        spinner: spinnerRecipe,
        textarea: textareaRecipe,
      },
      slotRecipes: {
        alert: alertSlotRecipe,
        card: cardSlotRecipe,
        checkbox: checkboxSlotRecipe,
        dataList: dataListSlotRecipe,
        dialog: dialogSlotRecipe,
        drawer: drawerSlotRecipe,
        field: fieldSlotRecipe,
        nativeSelect: defineSlotRecipe({ ...nativeSelectSlotRecipe, base: { ...nativeSelectSlotRecipe.base, field: { ...nativeSelectSlotRecipe.base?.field, ...TOUCH_HEIGHT } } }),
        progress: progressSlotRecipe,
        // A figure never breaks: "₹" stays beside its amount.
        stat: defineSlotRecipe({ ...statSlotRecipe, base: { ...statSlotRecipe.base, valueText: { ...statSlotRecipe.base?.valueText, whiteSpace: 'nowrap' } } }),
        switch: switchSlotRecipe,
        table: tableSlotRecipe,
        tabs: defineSlotRecipe({ ...tabsSlotRecipe, base: { ...tabsSlotRecipe.base, trigger: { ...tabsSlotRecipe.base?.trigger, ...TOUCH_HEIGHT } } }),
        toast: toastSlotRecipe,
      },
    },
  }),
);
